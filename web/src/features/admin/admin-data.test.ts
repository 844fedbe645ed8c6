import { describe, expect, it } from 'vitest';
import type { AdminActivity, AdminAnalytics, AdminLogEntry } from '@ust/schemas';
import {
  activityDetails,
  activityGroup,
  activityLabel,
  derivedSessionId,
  knownRole,
  levelParam,
  logDetails,
  sessionTitle,
  userCounts,
  userLabel,
} from './admin-format';
import { screenForView, tabForView } from '../../admin-views';
import { tabForKey } from './admin-tabs';
import { analyticsCards, anonymousFigures, minuteRows, seriesTotals } from './analytics-data';
import { deriveSessions } from './derive-sessions';
import { exportContent, exportFileName } from './export-logs';
import { activationChange, changeText, roleChange } from './user-changes';

const activity = (fields: Partial<AdminActivity>): AdminActivity => ({
  id: crypto.randomUUID(),
  auth0_user_id: 'local|demo-general',
  activity_type: 'facility_view',
  timestamp: '2026-03-05T10:00:00.000Z',
  user_role: 'general',
  facility_id: null,
  location_lat: null,
  location_lon: null,
  email: 'general@ust.local',
  release_id: null,
  session_id: null,
  page: null,
  ...fields,
});

describe('admin console formats', () => {
  it('shows the part of the identity id after the bar, and Anonymous without one', () => {
    expect(userLabel('local|demo-admin')).toBe('demo-admin');
    expect(userLabel('auth0|abc|def')).toBe('abc|def');
    expect(userLabel('plain')).toBe('plain');
    expect(userLabel(null)).toBe('Anonymous');
  });

  it('gives a request log entry duration, status, method and endpoint, and a browser entry nothing', () => {
    expect(logDetails({ duration_ms: 12.345, status_code: 404, method: 'GET', endpoint: '/api/facilities/:id' })).toEqual([
      '12.3 ms',
      'status 404',
      'GET /api/facilities/:id',
    ]);
    expect(logDetails({ duration_ms: 1200, status_code: 200, method: 'POST', endpoint: '/api/logs' })[0]).toBe('1,200 ms');
    expect(logDetails({ duration_ms: null, status_code: null, method: null, endpoint: null })).toEqual([]);
  });

  it("sends no level for 'All Levels'", () => {
    expect(levelParam('ALL')).toBeUndefined();
    expect(levelParam('ERROR')).toBe('ERROR');
  });

  it('labels and groups activity types, and lists facility, release and coordinates with 4 decimals', () => {
    expect(activityLabel('admin_panel_accessed')).toBe('admin panel accessed');
    expect(activityGroup('admin_panel_accessed')).toBe('admin');
    expect(activityGroup('facility_view')).toBe('usage');
    expect(activityGroup('county_selected')).toBe('map');
    expect(activityDetails({ facility_id: 'DE-1', release_id: 'R-2', location_lat: 39.8, location_lon: -98.5 })).toEqual([
      'Facility DE-1',
      'Release R-2',
      '39.8000, -98.5000',
    ]);
    expect(activityDetails({ facility_id: null, release_id: null, location_lat: 0, location_lon: null })).toEqual([]);
  });

  it('badges only the roles the app knows', () => {
    expect(knownRole('underwriter')).toBe('underwriter');
    expect(knownRole('superuser')).toBeUndefined();
    expect(knownRole(null)).toBeUndefined();
  });

  it('counts every role in the users footer, zeros included (docs/decisions/0003-underwriter-role.md)', () => {
    const users = [
      { role: 'admin', is_active: true },
      { role: 'general', is_active: true },
      { role: 'general', is_active: false },
      { role: 'underwriter', is_active: true },
    ] as const;
    expect(userCounts(users)).toEqual([
      { label: 'Total users', value: '4' },
      { label: 'Admins', value: '1' },
      { label: 'Brokers', value: '0' },
      { label: 'Underwriters', value: '1' },
      { label: 'General users', value: '2' },
      { label: 'Inactive', value: '1' },
    ]);
  });

  it('shortens browser session ids to their distinct end and titles derived ones by their day', () => {
    expect(sessionTitle('session-m7x2k1ab-0a1b2c3d4e5f')).toBe('…2c3d4e5f');
    expect(sessionTitle('sess-a')).toBe('sess-a');
    expect(sessionTitle('anon:session-m7x2k1ab-0a1b2c3d4e5f')).toBe('Without sign-in …2c3d4e5f');
    expect(sessionTitle('anon:sess-a')).toBe('Without sign-in sess-a');
    expect(sessionTitle(derivedSessionId('2026-03-05', 'local|demo-admin'))).toBe('Day 2026-03-05');
  });
});

describe('admin tabs', () => {
  it('opens the tab a ?admin= view names, and nothing for other views', () => {
    expect(tabForView('user-management')).toBe('user-management');
    expect(tabForView('system-health')).toBeUndefined();
    expect(tabForView(null)).toBeUndefined();
  });

  it('opens System Health above the tabs, and no screen for a tab or another view', () => {
    expect(screenForView('system-health')).toBe('system-health');
    expect(screenForView('user-management')).toBeUndefined();
    expect(screenForView('data-updates')).toBe('data-updates');
    expect(screenForView('webhook-deliveries')).toBe('webhook-deliveries');
    expect(screenForView(null)).toBeUndefined();
  });

  it('moves with arrows (wrapping), Home and End', () => {
    expect(tabForKey('system-logs', 'ArrowRight')).toBe('user-activities');
    expect(tabForKey('system-logs', 'ArrowLeft')).toBe('analytics');
    expect(tabForKey('analytics', 'ArrowRight')).toBe('system-logs');
    expect(tabForKey('user-management', 'Home')).toBe('system-logs');
    expect(tabForKey('user-management', 'End')).toBe('analytics');
    expect(tabForKey('user-management', 'a')).toBeUndefined();
  });
});

describe('sessions derived from activities (docs/product.md section 7)', () => {
  it('groups per user per UTC day, newest first, with counts, times and distinct pages', () => {
    const sessions = deriveSessions([
      activity({ timestamp: '2026-03-05T12:00:00.000Z', page: '/search' }),
      activity({ timestamp: '2026-03-05T09:00:00.000Z', page: '/county-map' }),
      activity({ timestamp: '2026-03-05T10:00:00.000Z', page: '/search' }),
      activity({ timestamp: '2026-03-04T23:59:59.000Z', page: null }),
      activity({ auth0_user_id: 'local|demo-admin', timestamp: '2026-03-05T11:00:00.000Z', page: '/dashboard' }),
      activity({ auth0_user_id: null, timestamp: '2026-03-05T08:00:00.000Z' }),
    ]);
    expect(sessions).toEqual([
      {
        session_id: 'derived:2026-03-05:local|demo-general',
        user_id: 'local|demo-general',
        start_time: '2026-03-05T09:00:00.000Z',
        last_activity: '2026-03-05T12:00:00.000Z',
        activity_count: 3,
        pages_visited: ['/county-map', '/search'],
      },
      expect.objectContaining({ user_id: 'local|demo-admin', activity_count: 1, pages_visited: ['/dashboard'] }),
      expect.objectContaining({ session_id: 'derived:2026-03-05:anonymous', user_id: null, activity_count: 1 }),
      expect.objectContaining({ session_id: 'derived:2026-03-04:local|demo-general', activity_count: 1, pages_visited: [] }),
    ]);
  });

  it('keeps the first 20', () => {
    const many = Array.from({ length: 30 }, (_, day) => activity({ timestamp: new Date(Date.UTC(2026, 0, day + 1, 12)).toISOString() }));
    const sessions = deriveSessions(many);
    expect(sessions).toHaveLength(20);
    expect(sessions[0]!.start_time.slice(0, 10)).toBe('2026-01-30');
    expect(deriveSessions([])).toEqual([]);
  });
});

describe('analytics (docs/decisions/0009-admin-analytics-window.md)', () => {
  const analytics: AdminAnalytics = {
    window_minutes: 60,
    total_users: 1234,
    active_sessions: 3,
    error_rate_percent: 2.5,
    avg_response_time_ms: 18,
    anonymous: { log_entries: 2_048, errors: 1_500, activities: 7, active_sessions: 2 },
    generated_at: '2026-03-05T10:00:00.000Z',
    series: Array.from({ length: 60 }, (_, minute) => ({
      minute: new Date(Date.UTC(2026, 2, 5, 9, minute)).toISOString(),
      requests: minute,
      errors: minute === 59 ? 2 : 0,
      anonymous_errors: minute >= 58 ? 750 : 0,
      p50_ms: minute === 0 ? null : 10,
      p95_ms: minute === 0 ? null : 40,
    })),
  };

  it('gives the four cards with their units', () => {
    expect(analyticsCards(analytics).map(({ label, value, unit }) => ({ label, value, unit }))).toEqual([
      { label: 'Total Users', value: '1,234', unit: undefined },
      { label: 'Active Sessions', value: '3', unit: undefined },
      { label: 'Error Rate', value: '2.5', unit: '%' },
      { label: 'Avg Response Time', value: '18', unit: ' ms' },
    ]);
  });

  it('gives what callers without a token sent apart from the cards', () => {
    expect(anonymousFigures(analytics)).toEqual([
      { label: 'Log entries', value: '2,048' },
      { label: 'Errors', value: '1,500' },
      { label: 'Activities', value: '7' },
      { label: 'Active sessions', value: '2' },
    ]);
    expect(analyticsCards(analytics).find((card) => card.label === 'Error Rate')?.note).toBe('Log entries at ERROR: API requests and signed-in users');
  });

  it('gives one row per minute with gaps for minutes without requests, and the totals, anonymous errors apart', () => {
    const rows = minuteRows(analytics.series);
    expect(rows).toHaveLength(60);
    expect(rows[0]).toMatchObject({ requests: 0, errors: 0, anonymousErrors: 0, p50: null, p95: null });
    expect(rows[59]).toMatchObject({ errors: 2, anonymousErrors: 750 });
    expect(rows[0]!.label).toMatch(/^\d\d:\d\d$/);
    expect(new Set(rows.map((row) => row.label)).size).toBe(60);
    expect(seriesTotals(rows)).toEqual({ requests: (59 * 60) / 2, errors: 2, anonymousErrors: 1_500 });
  });
});

describe('Export Logs', () => {
  it("names the file by the admin's calendar day", () => {
    expect(exportFileName(new Date(2026, 0, 7, 23, 59))).toBe('ust-logs-2026-01-07.json');
  });

  it('writes the entries as JSON that reads back the same', () => {
    const logs: AdminLogEntry[] = [
      {
        id: crypto.randomUUID(),
        timestamp: '2026-03-05T10:00:00.000Z',
        level: 'ERROR',
        category: 'GLOBAL_ERROR',
        message: 'x "quoted"',
        user_id: null,
        duration_ms: null,
        status_code: null,
        endpoint: null,
        method: null,
      },
    ];
    expect(JSON.parse(exportContent(logs))).toEqual(logs);
    expect(JSON.parse(exportContent([]))).toEqual([]);
  });
});

describe('User Management changes', () => {
  const user = { id: 'u1', email: 'gina@ust.local', name: 'Gina General', role: 'general', is_active: true } as const;

  it('asks before a role change, naming both roles', () => {
    const change = roleChange(user, 'broker');
    expect(change.patch).toEqual({ role: 'broker' });
    expect(changeText(change)).toMatchObject({
      title: 'Change role',
      question: 'Change the role of Gina General (gina@ust.local) from general to broker?',
      confirm: 'Change role',
    });
  });

  it('deactivates an active user and reactivates an inactive one', () => {
    expect(activationChange(user).patch).toEqual({ is_active: false });
    expect(changeText(activationChange(user)).confirm).toBe('Deactivate');
    const inactive = { ...user, name: null, is_active: false };
    expect(activationChange(inactive).patch).toEqual({ is_active: true });
    expect(changeText(activationChange(inactive))).toMatchObject({ question: 'Reactivate gina@ust.local?', confirm: 'Reactivate' });
  });
});
