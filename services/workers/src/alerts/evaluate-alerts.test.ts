/** What each change of a watched facility or place becomes (docs/decisions/0120-watch-alerts.md). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@ust/schemas';
import type { ChangedFacility, FacilitySide } from '../queries/dataset/get-changed-facilities.js';
import { ChangeIndex } from './change-index.js';
import { evaluateAlerts as evaluate, type AlertContext, type WatchedItemOf } from './evaluate-alerts.js';

const evaluateAlerts = (items: WatchedItemOf[], changes: ChangedFacility[], context: AlertContext) => evaluate(items, new ChangeIndex(changes), context);

const side = (fields: Partial<FacilitySide> = {}): FacilitySide => ({
  present: 1,
  name: 'DOVER FUEL',
  latitude: 39.158,
  longitude: -75.524,
  score: 4,
  leaks: 0,
  open_leaks: 0,
  tanks: 3,
  active: 3,
  closed: 0,
  out_of_service: 0,
  ...fields,
});
const absent: FacilitySide = {
  present: 0,
  name: null,
  latitude: null,
  longitude: null,
  score: null,
  leaks: 0,
  open_leaks: 0,
  tanks: 0,
  active: 0,
  closed: 0,
  out_of_service: 0,
};

const item = (fields: Partial<WatchedItemOf>): WatchedItemOf => ({
  id: 'wi-1',
  kind: 'facility',
  facility_id: 'DE-1',
  label: 'DOVER FUEL',
  latitude: 39.158,
  longitude: -75.524,
  radius_miles: null,
  note: '',
  added_at: '2026-11-01T00:00:00.000Z',
  owner_id: 'u_ann',
  watchlist_id: 'wl-1',
  watchlist_name: 'Book',
  ...fields,
});
/** A place one mile round a point in Washington, DC. */
const place = item({ id: 'wi-place', kind: 'place', facility_id: null, label: '1 Capitol St', latitude: 38.8899, longitude: -77.0091, radius_miles: 1 });
/** About 0.35 miles north of the place's point. */
const nearby = { latitude: 38.895, longitude: -77.0091 };

const context = (fields: Partial<AlertContext> = {}): AlertContext => ({
  version: 7,
  base: 6,
  importId: 'imp-1',
  importLabel: 'DE.xlsx',
  createdAt: '2026-11-30T00:00:00.000Z',
  preferencesOf: () => DEFAULT_PREFERENCES,
  ...fields,
});

describe('evaluateAlerts', () => {
  it('says what changed for a watched facility: score and band, a new release, tanks, each with old and new values and the import', () => {
    const change: ChangedFacility = {
      facility_id: 'DE-1',
      base: side(),
      next: side({ score: 8, leaks: 1, open_leaks: 1, active: 2, closed: 1 }),
    };
    const alerts = evaluateAlerts([item({})], [change], context());
    expect(alerts.map(({ alert }) => [alert.change, alert.summary, alert.high_risk])).toEqual([
      ['score', 'Risk score 4 → 8 (moderate → high)', true],
      ['release', '1 release newly reported: 0 releases (0 open) → 1 release (1 open)', false],
      ['tanks', 'Tanks: 3 active, 0 closed, 0 out of service (3 in all) → 2 active, 1 closed, 0 out of service (3 in all)', false],
    ]);
    expect(alerts[0]!.alert).toMatchObject({
      watchlist_name: 'Book',
      item_id: 'wi-1',
      facilities: [{ facility_id: 'DE-1', name: 'DOVER FUEL', old_value: '4 (moderate)', new_value: '8 (high)' }],
      dataset_version: 7,
      base_version: 6,
      import_id: 'imp-1',
      import_label: 'DE.xlsx',
    });
    expect(alerts[0]!.owner_id).toBe('u_ann');
    // The same item, change and version always make the same id; another version another.
    expect(evaluateAlerts([item({})], [change], context())[0]!.alert.id).toBe(alerts[0]!.alert.id);
    expect(evaluateAlerts([item({})], [change], context({ version: 8 }))[0]!.alert.id).not.toBe(alerts[0]!.alert.id);
    // Without the high-risk preference the score alert is not flagged.
    const unflagged = evaluateAlerts([item({})], [change], context({ preferencesOf: () => ({ ...DEFAULT_PREFERENCES, high_risk_alerts: false }) }));
    expect(unflagged[0]!.alert.high_risk).toBe(false);
  });

  it('says when a watched facility is gone, and says nothing of a facility nobody watches or of a change an alert does not cover', () => {
    const gone: ChangedFacility = { facility_id: 'DE-1', base: side(), next: absent };
    expect(evaluateAlerts([item({})], [gone], context()).map(({ alert }) => [alert.change, alert.summary, alert.facilities[0]!.old_value])).toEqual([
      ['removed', 'No longer in the dataset', 'DOVER FUEL'],
    ]);
    expect(evaluateAlerts([item({ facility_id: 'DE-2' })], [gone], context())).toEqual([]);
    // A release closed: fewer open releases is no alert of its own.
    const closedRelease: ChangedFacility = { facility_id: 'DE-1', base: side({ leaks: 1, open_leaks: 1 }), next: side({ leaks: 1, open_leaks: 0 }) };
    expect(evaluateAlerts([item({})], [closedRelease], context())).toEqual([]);
  });

  it('says what changed within a watched place: releases, facilities added, gone or turned high risk, one alert per change', () => {
    const changes: ChangedFacility[] = [
      {
        facility_id: 'DC-1',
        base: side({ name: 'CAPITOL GAS', ...nearby }),
        next: side({ name: 'CAPITOL GAS', ...nearby, leaks: 1, open_leaks: 1, score: 7 }),
      },
      { facility_id: 'DC-2', base: absent, next: side({ name: 'NEW STATION', ...nearby, score: 9 }) },
      { facility_id: 'DC-3', base: side({ name: 'OLD STATION', ...nearby }), next: absent },
      // Moved from inside the radius to 30 miles away.
      { facility_id: 'DC-4', base: side({ name: 'MOVED', ...nearby }), next: side({ name: 'MOVED', latitude: 39.3, longitude: -77.0 }) },
      // Far away throughout.
      { facility_id: 'MD-9', base: side({ latitude: 39.5, longitude: -76.5 }), next: side({ latitude: 39.5, longitude: -76.5, leaks: 3 }) },
    ];
    const alerts = evaluateAlerts([place], changes, context());
    expect(alerts.map(({ alert }) => [alert.change, alert.summary, alert.facilities.map((facility) => facility.facility_id), alert.high_risk])).toEqual([
      ['release', 'Releases newly reported within 1 mile at 1 facility: CAPITOL GAS', ['DC-1'], false],
      ['added_nearby', '1 facility newly within 1 mile: NEW STATION', ['DC-2'], true],
      ['removed', '2 facilities no longer within 1 mile: OLD STATION, MOVED', ['DC-3', 'DC-4'], false],
      ['high_risk_nearby', '1 facility within 1 mile now high risk: CAPITOL GAS', ['DC-1'], true],
    ]);
    const quiet = evaluateAlerts([place], changes, context({ preferencesOf: () => ({ ...DEFAULT_PREFERENCES, high_risk_alerts: false }) }));
    expect(quiet.map(({ alert }) => [alert.change, alert.high_risk])).toEqual([
      ['release', false],
      ['added_nearby', false],
      ['removed', false],
    ]);
  });

  it('meets many watched items with many changes: each watched facility that changed once, each place at a changed point', () => {
    const items: WatchedItemOf[] = [];
    for (let n = 0; n < 10_000; n++) items.push(item({ id: `wi-f${n}`, facility_id: `F-${n}`, owner_id: `u_${n % 1_000}` }));
    for (let n = 0; n < 10_000; n++) {
      items.push(
        item({
          id: `wi-p${n}`,
          kind: 'place',
          facility_id: null,
          latitude: 30 + (n % 200) * 0.07,
          longitude: -100 + Math.floor(n / 200) * 0.1,
          radius_miles: 1,
          owner_id: `u_${n % 1_000}`,
        }),
      );
    }
    const changes: ChangedFacility[] = Array.from({ length: 4_000 }, (_, n) => ({
      facility_id: `F-${n * 2}`,
      base: side({ latitude: 30 + (n % 200) * 0.07, longitude: -100 + Math.floor(n / 200) * 0.1 }),
      next: side({ latitude: 30 + (n % 200) * 0.07, longitude: -100 + Math.floor(n / 200) * 0.1, leaks: 1 }),
    }));
    const alerts = evaluateAlerts(items, changes, context());
    // Facilities F-0, F-2, ... F-7998 changed (one release alert each), and each changed
    // facility sits on a watched place's point (one release alert for that place).
    const facilityAlerts = alerts.filter(({ alert }) => alert.item_kind === 'facility');
    expect(facilityAlerts).toHaveLength(4_000);
    expect(new Set(facilityAlerts.map(({ alert }) => alert.facilities[0]!.facility_id))).toEqual(new Set(changes.map((change) => change.facility_id)));
    const placeAlerts = alerts.filter(({ alert }) => alert.item_kind === 'place');
    expect(placeAlerts.every(({ alert }) => alert.change === 'release')).toBe(true);
    expect(new Set(placeAlerts.flatMap(({ alert }) => alert.facilities.map((facility) => facility.facility_id)))).toEqual(
      new Set(changes.map((change) => change.facility_id)),
    );
    expect(new Set(alerts.map(({ alert }) => alert.id)).size).toBe(alerts.length);
  });
});
