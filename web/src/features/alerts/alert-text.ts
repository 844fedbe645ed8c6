import type { AlertChange, WatchAlert } from '@ust/schemas';

/** What changed, in a few words; a record gone reads differently for a facility and a place. */
const CHANGE_LABELS: Record<Exclude<AlertChange, 'removed'>, string> = {
  score: 'Score changed',
  release: 'Release reported',
  tanks: 'Tanks changed',
  added_nearby: 'New nearby',
  high_risk_nearby: 'Now high risk nearby',
};

export function changeLabel({ change, item_kind }: Pick<WatchAlert, 'change' | 'item_kind'>): string {
  if (change === 'removed') return item_kind === 'facility' ? 'No longer listed' : 'Left the area';
  return CHANGE_LABELS[change];
}

/** Where the change came from: the imported files, or a rebuild when no import brought it. */
export function sourceText({ import_id, import_label }: Pick<WatchAlert, 'import_id' | 'import_label'>): string {
  const name = import_label ?? import_id;
  return name === null ? 'From a rebuild' : `From import ${name}`;
}

/** 'version 6 → 7'. */
export function versionsText({ base_version, dataset_version }: Pick<WatchAlert, 'base_version' | 'dataset_version'>): string {
  return `version ${base_version} → ${dataset_version}`;
}

/** 'Notifications, 3 unread', or 'Notifications' when none is. */
export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

export const NO_ALERTS_TEXT = 'No alerts yet. Watch facilities and places to hear when they change.';
