// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FacilityStatistics, ImportRun } from '@ust/schemas';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { DataUpdatesView } from './DataUpdatesView';

const STATISTICS: FacilityStatistics = {
  total_facilities: 2,
  total_tanks: 3,
  active_tanks: 3,
  average_tank_age: 20,
  total_leaks: 0,
  facilities_with_leaks: 0,
  facilities_with_release_data: 2,
  leak_rate: 0,
  tanks_by_age_band: [],
  releases_by_year: [],
  facilities_by_risk_band: [],
  dataset_version: 7,
  generated_at: '2026-11-27T12:03:00.000Z',
  sources: { real_facilities: 2, generated_facilities: 0, real_releases: 0, generated_releases: 0 },
  coverage: [],
};

function importRun(id: string, attempts: ImportRun['attempts'], summary: Partial<ImportRun> = {}): ImportRun {
  return {
    id,
    source: 'upload',
    files: ['DE/UST/facility.csv'],
    states: ['DE'],
    status: 'live',
    failure: null,
    records_read: 5,
    accepted: 5,
    rejected: 0,
    rejects_by_reason: {},
    warnings: 0,
    warnings_by_reason: {},
    columns_not_mapped: [],
    release_links: { by_id: 0, by_address: 0, unlinked: 0 },
    progress: { records: 5, total: 5, records_per_second: 0, eta_seconds: null },
    dataset_version: '7',
    queued_at: '2026-11-27T12:01:00.000Z',
    started_at: '2026-11-27T12:01:03.000Z',
    finished_at: '2026-11-27T12:03:00.000Z',
    attempts,
    ...summary,
  };
}

const CRASHED = importRun('imp-crashed', [
  { started_at: '2026-11-27T12:01:03.000Z', resumed_at: null, step: 'rebuilding', outcome: 'cut off' },
  { started_at: '2026-11-27T12:02:10.000Z', resumed_at: 'rebuilding', step: 'live', outcome: 'live' },
]);
const SMOOTH = importRun('imp-smooth', [{ started_at: '2026-11-27T12:01:03.000Z', resumed_at: null, step: 'live', outcome: 'live' }]);
const UTAH = importRun('imp-utah', [{ started_at: '2026-11-27T12:01:03.000Z', resumed_at: null, step: 'live', outcome: 'live' }], {
  states: ['UT'],
  files: ['state-native/UT'],
  warnings: 4,
  warnings_by_reason: { 'column not mapped, left out of the import': 2, "unknown state, the source folder's state used": 2 },
  columns_not_mapped: ['state-native/UT/fac.csv: OWNERNAME', 'state-native/UT/ut_lust.csv: CLOSURETYPE'],
  release_links: { by_id: 5_493, by_address: 0, unlinked: 138 },
});

describe('Data Updates', () => {
  it('notes the attempt of an import a crash cut off, and lists its attempts on demand', async () => {
    const user = userEvent.setup();
    const { gateway } = renderApp(<DataUpdatesView />, {
      role: 'admin',
      path: '/dashboard?admin=data-updates',
      routes: {
        'GET /api/admin/imports': () => ({ imports: [CRASHED, SMOOTH] }),
        'GET /api/facilities-statistics': () => STATISTICS,
      },
    });
    const table = await screen.findByRole('table', { name: 'Imports, newest first' });
    // The Status cell: the first after the row's header, the import's id.
    const status = (id: string) => table.querySelector(`tr[data-import="${id}"] td`) as HTMLElement;

    expect(status('imp-smooth')).toHaveTextContent(/^Live$/);
    expect(within(status('imp-crashed')).getByText('Attempt 2 · resumed at rebuilding')).toBeVisible();
    const attempts = within(status('imp-crashed')).getByRole('list', { name: 'Attempts of imp-crashed', hidden: true });
    expect(attempts).not.toBeVisible();

    await user.click(within(status('imp-crashed')).getByText('Attempt 2 · resumed at rebuilding'));
    expect(attempts).toBeVisible();
    const items = within(attempts).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^started \d{1,2}:\d{2}:03\s[AP]M · cut off at rebuilding$/),
      expect.stringMatching(/^started \d{1,2}:\d{2}:10\s[AP]M · resumed at rebuilding · live$/),
    ]);
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', '2026-11-27T12:01:03.000Z');
    expect(gateway.unexpected).toEqual([]);
  });

  it("opens an import's summary: how its releases were linked, its warnings and the columns it left out", async () => {
    const user = userEvent.setup();
    const { gateway } = renderApp(<DataUpdatesView />, {
      role: 'admin',
      path: '/dashboard?admin=data-updates',
      routes: {
        'GET /api/admin/imports': () => ({ imports: [UTAH, SMOOTH] }),
        'GET /api/facilities-statistics': () => STATISTICS,
      },
    });
    const table = await screen.findByRole('table', { name: 'Imports, newest first' });
    const importCell = (id: string) => table.querySelector(`tr[data-import="${id}"] th`) as HTMLElement;
    // An import with nothing to add has no summary to open.
    expect(within(importCell('imp-smooth')).queryByText('Summary')).toBeNull();
    const summary = within(importCell('imp-utah')).getByRole('list', { name: 'Summary of imp-utah', hidden: true });
    expect(summary).not.toBeVisible();
    await user.click(within(importCell('imp-utah')).getByText('Summary'));
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Releases: 5,493 linked to their facility by id, 0 by street address and ZIP, 138 without a facility record',
      "Warnings: column not mapped, left out of the import 2, unknown state, the source folder's state used 2",
      'Columns not mapped (2): state-native/UT/fac.csv: OWNERNAME, state-native/UT/ut_lust.csv: CLOSURETYPE',
    ]);
    expect(gateway.unexpected).toEqual([]);
  });
});
