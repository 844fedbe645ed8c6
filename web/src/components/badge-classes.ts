/** Which colour class a badge takes: the risk score's band and the release status (Badges.tsx, badges.css). */
import type { ReleaseDetails } from '@ust/schemas';

export type RiskLevel = 'low' | 'moderate' | 'high';

/** docs/product.md sections 2 and 9: 3 or below green (low), up to 6 amber (moderate), above 6 red (high). */
export function riskLevel(score: number | null | undefined): RiskLevel | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  if (score <= 3) return 'low';
  if (score <= 6) return 'moderate';
  return 'high';
}

/** The CSS class colouring a risk score; 'risk-unknown' (neutral) before a facility is scored. */
export function riskClass(score: number | null | undefined): string {
  return `risk-${riskLevel(score) ?? 'unknown'}`;
}

export type ReleaseStatusClass = ReleaseDetails['Status_Class'];

/** docs/decisions/0011-release-status-badge.md, everywhere: Open red, No Further Action green, anything else amber. */
export function releaseStatusBadgeClass(statusClass: ReleaseStatusClass): string {
  if (statusClass === 'Open') return 'status-open';
  if (statusClass === 'No Further Action') return 'status-closed';
  return 'status-other';
}
