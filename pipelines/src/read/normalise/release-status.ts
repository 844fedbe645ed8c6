/**
 * Release status -> the UI's badge class (docs/decisions/0011-release-status-badge.md: Open
 * red, No Further Action green, anything else amber). Spellings in the fixtures: DC and IA
 * 'No further action' and 'Active: general' (EPA's template also has 'Active: corrective
 * action', 'Active: site investigation', 'Active: stalled'), IA blank, UST Finder 'Open' and
 * 'Closed'.
 */
export type ReleaseStatusClass = 'Open' | 'No Further Action' | 'Other';

export function releaseStatusClass(status: string | null): ReleaseStatusClass {
  const key = (status ?? '').trim().toLowerCase();
  // Every 'Active: ...' variant is a release whose cleanup is not finished: open.
  if (key === 'open' || key.startsWith('active') || key === 'reopened') return 'Open';
  // UST Finder's 'Closed' is a release whose cleanup the agency closed, i.e. one that received
  // a no-further-action determination: the same green state as the template's NFA.
  if (key === 'no further action' || key === 'nfa' || key === 'closed') return 'No Further Action';
  // Blank (2,185 Iowa releases) is not guessed from the NFA date: Iowa's blank rows have none.
  return 'Other';
}
