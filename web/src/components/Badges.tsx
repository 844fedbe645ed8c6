/** Coloured badges shared by the search screen and the dialogs. */
import { releaseStatusBadgeClass, riskClass, riskLevel, type ReleaseStatusClass } from './badge-classes';
import { formatLeak } from './format';
import './badges.css';

const BAND_NAMES = { low: 'Low', moderate: 'Moderate', high: 'High' } as const;

/** '8/10 High' in the band's colour; 'Not scored' before the first scored build. */
export function RiskScore({ score }: { score: number | null }) {
  const level = riskLevel(score);
  if (score === null || level === null) return <span className="risk-score risk-unknown">Not scored</span>;
  return (
    <span className={`risk-score ${riskClass(score)}`}>
      <strong>{score}/10</strong> {BAND_NAMES[level]}
    </span>
  );
}

/** docs/decisions/0011-release-status-badge.md: Open red, No Further Action green, anything else amber. */
export function ReleaseStatusBadge({ status, statusClass }: { status: string | null; statusClass: ReleaseStatusClass }) {
  return <span className={`badge status-badge ${releaseStatusBadgeClass(statusClass)}`}>{status || 'Unknown'}</span>;
}

/** Yes (with the count), No, or 'Not reported' in grey when the source has no release table. */
export function LeakBadge({ hasLeak, count }: { hasLeak: boolean | null; count?: number }) {
  const tone = hasLeak === null ? 'leak-unknown' : hasLeak ? 'leak-yes' : 'leak-no';
  return (
    <span className={`badge leak-badge ${tone}`}>
      {formatLeak(hasLeak)}
      {hasLeak && count ? ` (${count})` : ''}
    </span>
  );
}
