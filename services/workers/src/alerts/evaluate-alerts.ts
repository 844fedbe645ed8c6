/**
 * What changed for each watched item between two dataset versions (docs/decisions/0120-watch-alerts.md):
 * pure, given the facilities whose figures differ between them. One alert per item, change and
 * version; its id is a hash of those and the owner, so evaluating a version again makes the same ids.
 */
import { createHash } from 'node:crypto';
import { haversineMiles, riskBand } from '@ust/domain';
import type { AlertChange, AlertFacility, UserPreferences, WatchedItem } from '@ust/schemas';
import type { StoredAlert } from '@ust/read-model';
import type { ChangedFacility, FacilitySide } from '../queries/dataset/get-changed-facilities.js';
import type { ChangeIndex } from './change-index.js';

export interface WatchedItemOf extends WatchedItem {
  owner_id: string;
  watchlist_id: string;
  watchlist_name: string;
}

export interface AlertContext {
  version: number;
  base: number;
  importId: string | null;
  importLabel: string | null;
  createdAt: string;
  /** Each owner's preferences; an owner without saved ones has the defaults. */
  preferencesOf: (ownerId: string) => UserPreferences;
}

const scoreText = (side: FacilitySide) => (side.score === null ? 'not scored' : `${side.score} (${riskBand(side.score)})`);
const isHigh = (side: FacilitySide) => side.present === 1 && side.score !== null && riskBand(side.score) === 'high';
const leaksText = (side: FacilitySide) => `${side.leaks} release${side.leaks === 1 ? '' : 's'} (${side.open_leaks} open)`;
const tanksText = (side: FacilitySide) => `${side.active} active, ${side.closed} closed, ${side.out_of_service} out of service (${side.tanks} in all)`;
const tanksChanged = (a: FacilitySide, b: FacilitySide) =>
  a.tanks !== b.tanks || a.active !== b.active || a.closed !== b.closed || a.out_of_service !== b.out_of_service;
const nameOf = (change: ChangedFacility) => change.next.name ?? change.base.name;
const miles = (radius: number) => `${radius} mile${radius === 1 ? '' : 's'}`;

function alertId(ownerId: string, itemId: string, change: AlertChange, version: number): string {
  return `al-${createHash('sha256').update(`${ownerId}|${itemId}|${change}|${version}`).digest('hex').slice(0, 24)}`;
}

function within(item: WatchedItemOf, side: FacilitySide): boolean {
  return (
    side.present === 1 &&
    side.latitude !== null &&
    side.longitude !== null &&
    haversineMiles(item.latitude!, item.longitude!, side.latitude, side.longitude) <= item.radius_miles!
  );
}

interface Finding {
  change: AlertChange;
  summary: string;
  facilities: AlertFacility[];
  high_risk: boolean;
}

/** What changed for one watched facility. */
function facilityFindings(change: ChangedFacility): Finding[] {
  const { base, next } = change;
  const subject = (old_value: string | null, new_value: string | null): AlertFacility[] => [
    { facility_id: change.facility_id, name: nameOf(change), old_value, new_value },
  ];
  if (base.present === 1 && next.present === 0) {
    return [{ change: 'removed', summary: 'No longer in the dataset', facilities: subject(base.name ?? change.facility_id, null), high_risk: false }];
  }
  if (base.present === 0) return [];
  const findings: Finding[] = [];
  if (base.score !== next.score) {
    const bands =
      base.score !== null && next.score !== null && riskBand(base.score) !== riskBand(next.score) ? ` (${riskBand(base.score)} → ${riskBand(next.score)})` : '';
    findings.push({
      change: 'score',
      summary: `Risk score ${base.score ?? 'none'} → ${next.score ?? 'none'}${bands}`,
      facilities: subject(scoreText(base), scoreText(next)),
      high_risk: isHigh(next) && !isHigh(base),
    });
  }
  if (next.leaks > base.leaks) {
    const added = next.leaks - base.leaks;
    findings.push({
      change: 'release',
      summary: `${added} release${added === 1 ? '' : 's'} newly reported: ${leaksText(base)} → ${leaksText(next)}`,
      facilities: subject(leaksText(base), leaksText(next)),
      high_risk: false,
    });
  }
  if (tanksChanged(base, next)) {
    findings.push({
      change: 'tanks',
      summary: `Tanks: ${tanksText(base)} → ${tanksText(next)}`,
      facilities: subject(tanksText(base), tanksText(next)),
      high_risk: false,
    });
  }
  return findings;
}

/** What changed within one watched place, among the facilities whose figures differ. */
function placeFindings(item: WatchedItemOf, changes: readonly ChangedFacility[], highRiskAlerts: boolean): Finding[] {
  const radius = miles(item.radius_miles!);
  const added: AlertFacility[] = [];
  const gone: AlertFacility[] = [];
  const released: AlertFacility[] = [];
  const turnedHigh: AlertFacility[] = [];
  let addedHigh = false;
  for (const change of changes) {
    const before = within(item, change.base);
    const after = within(item, change.next);
    const name = nameOf(change);
    if (after && !before) {
      added.push({ facility_id: change.facility_id, name, old_value: null, new_value: scoreText(change.next) });
      addedHigh ||= isHigh(change.next);
    } else if (before && !after) gone.push({ facility_id: change.facility_id, name, old_value: scoreText(change.base), new_value: null });
    if (!after) continue;
    if (before && change.next.leaks > change.base.leaks)
      released.push({ facility_id: change.facility_id, name, old_value: leaksText(change.base), new_value: leaksText(change.next) });
    else if (!before && change.next.leaks > 0 && change.base.present === 0)
      released.push({ facility_id: change.facility_id, name, old_value: null, new_value: leaksText(change.next) });
    if (before && highRiskAlerts && isHigh(change.next) && !isHigh(change.base)) {
      turnedHigh.push({ facility_id: change.facility_id, name, old_value: scoreText(change.base), new_value: scoreText(change.next) });
    }
  }
  const names = (facilities: AlertFacility[]) => {
    const shown = facilities.slice(0, 3).map((facility) => facility.name ?? facility.facility_id);
    return facilities.length > 3 ? `${shown.join(', ')} and ${facilities.length - 3} more` : shown.join(', ');
  };
  const count = (n: number) => `${n} facilit${n === 1 ? 'y' : 'ies'}`;
  const findings: Finding[] = [];
  if (released.length) {
    findings.push({
      change: 'release',
      summary: `Releases newly reported within ${radius} at ${count(released.length)}: ${names(released)}`,
      facilities: released,
      high_risk: false,
    });
  }
  if (added.length) {
    findings.push({
      change: 'added_nearby',
      summary: `${count(added.length)} newly within ${radius}: ${names(added)}`,
      facilities: added,
      high_risk: highRiskAlerts && addedHigh,
    });
  }
  if (gone.length)
    findings.push({ change: 'removed', summary: `${count(gone.length)} no longer within ${radius}: ${names(gone)}`, facilities: gone, high_risk: false });
  if (turnedHigh.length) {
    findings.push({
      change: 'high_risk_nearby',
      summary: `${count(turnedHigh.length)} within ${radius} now high risk: ${names(turnedHigh)}`,
      facilities: turnedHigh,
      high_risk: true,
    });
  }
  return findings;
}

/** Every alert of one version: the watched items meet the facilities that changed. */
export function evaluateAlerts(items: readonly WatchedItemOf[], changes: ChangeIndex, context: AlertContext): StoredAlert[] {
  const alerts: StoredAlert[] = [];
  const record = (item: WatchedItemOf, finding: Finding) =>
    alerts.push({
      owner_id: item.owner_id,
      alert: {
        id: alertId(item.owner_id, item.id, finding.change, context.version),
        watchlist_id: item.watchlist_id,
        watchlist_name: item.watchlist_name,
        item_id: item.id,
        item_kind: item.kind,
        item_label: item.label,
        ...finding,
        // Flagged only for an owner who asked for high-risk alerts.
        high_risk: finding.high_risk && context.preferencesOf(item.owner_id).high_risk_alerts,
        dataset_version: context.version,
        base_version: context.base,
        import_id: context.importId,
        import_label: context.importLabel,
        created_at: context.createdAt,
      },
    });
  for (const item of items) {
    if (item.kind === 'facility') {
      const change = item.facility_id === null ? undefined : changes.byId.get(item.facility_id);
      if (change) for (const finding of facilityFindings(change)) record(item, finding);
    } else if (item.latitude !== null && item.longitude !== null && item.radius_miles !== null) {
      const near = changes.near(item.latitude, item.longitude, item.radius_miles);
      if (near.length) for (const finding of placeFindings(item, near, context.preferencesOf(item.owner_id).high_risk_alerts)) record(item, finding);
    }
  }
  return alerts;
}
