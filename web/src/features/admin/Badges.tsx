import type { ActivityType, LogLevel } from '@ust/schemas';
import { activityGroup, activityLabel } from './admin-format';

/** ERROR red, WARN amber, INFO the primary colour, DEBUG muted (admin.css). */
export function LevelBadge({ level }: { level: LogLevel }) {
  return <span className={`badge badge-level badge-level-${level.toLowerCase()}`}>{level}</span>;
}

/** Coloured by group (map events, usage events, the admin's own visits) so a list of 50 can be scanned. */
export function ActivityBadge({ type }: { type: ActivityType }) {
  return (
    <span className={`badge badge-activity badge-activity-${activityGroup(type)}`} title={type}>
      {activityLabel(type)}
    </span>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  return <span className={`badge ${active ? 'badge-active' : 'badge-inactive'}`}>{active ? 'Active' : 'Inactive'}</span>;
}

/** An ISO time shown in the admin's time zone, machine-readable for assistive technology. */
export function Time({ iso, format }: { iso: string; format: (iso: string) => string }) {
  return <time dateTime={iso}>{format(iso)}</time>;
}
