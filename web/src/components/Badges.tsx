/** Coloured badges shared by the search screen and the dialogs. */
import { releaseStatusBadgeClass, riskClass, riskLevel, type ReleaseStatusClass } from './badge-classes';
import { formatYesNo } from './format';
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

/** DECISIONS.md 11: Open red, No Further Action green, anything else amber. */
export function ReleaseStatusBadge({ status, statusClass }: { status: string | null; statusClass: ReleaseStatusClass }) {
  return <span className={`badge status-badge ${releaseStatusBadgeClass(statusClass)}`}>{status || 'Unknown'}</span>;
}

export function LeakBadge({ hasLeak, count }: { hasLeak: boolean; count?: number }) {
  return (
    <span className={`badge leak-badge ${hasLeak ? 'leak-yes' : 'leak-no'}`}>
      {formatYesNo(hasLeak)}
      {hasLeak && count ? ` (${count})` : ''}
    </span>
  );
}
