/**
 * The gateway's alert routes over alerts kept in memory, for the component tests of the
 * notifications menu and the Alerts screen: `GET /api/alerts?limit=` answers the newest first
 * with the unread count, `POST /api/alerts/seen` marks every alert read, as the gateway does.
 */
import type { AlertsResponse, AlertsSeen, WatchAlert } from '@ust/schemas';
import { gatewayError, type GatewayCall, type GatewayReply, type GatewayRoutes } from './gateway-stub';

/** When the tests' user marks their alerts read. */
const SEEN_AT = '2025-03-06T09:00:00.000Z';

/** As `AlertsQuery.limit` allows. */
const MAX_LIMIT = 200;
const DEFAULT_LIMIT = 50;

export interface FakeAlerts {
  routes: GatewayRoutes;
  /** The alerts as the gateway holds them now, newest first. */
  alerts: WatchAlert[];
}

/** A score alert on a watched facility; `overrides` make it another. */
export function watchAlert(overrides: Partial<WatchAlert> = {}): WatchAlert {
  return {
    id: 'al-1',
    watchlist_id: 'wl-1',
    watchlist_name: 'Renewals',
    item_id: 'wi-1',
    item_kind: 'facility',
    item_label: 'MARATHON FLORIDA 228965',
    change: 'score',
    summary: 'Risk score 4 → 8 (moderate → high)',
    facilities: [{ facility_id: '5000533', name: 'MARATHON FLORIDA 228965', old_value: '4 (moderate)', new_value: '8 (high)' }],
    high_risk: true,
    dataset_version: 7,
    base_version: 6,
    import_id: 'imp-1',
    import_label: 'DE.xlsx',
    created_at: '2025-03-05T14:30:00.000Z',
    unread: true,
    ...overrides,
  };
}

/** @param initial the user's alerts, newest first */
export function fakeAlerts(initial: readonly WatchAlert[] = []): FakeAlerts {
  const alerts = initial.map((alert) => ({ ...alert }));
  let seenAt: string | null = null;

  const routes: GatewayRoutes = {
    'GET /api/alerts': (call: GatewayCall): AlertsResponse | GatewayReply => {
      const query = new URL(call.url, 'http://localhost').searchParams;
      const unknown = [...query.keys()].filter((name) => name !== 'limit');
      if (unknown.length > 0) return gatewayError(400, 'VALIDATION_FAILED', `Unknown query parameter ${unknown.join(', ')}`);
      const limit = Number(query.get('limit') ?? DEFAULT_LIMIT);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return gatewayError(400, 'VALIDATION_FAILED', `limit must be 1 to ${MAX_LIMIT}`);
      return { alerts: alerts.slice(0, limit), unread: alerts.filter((alert) => alert.unread).length, seen_at: seenAt };
    },
    'POST /api/alerts/seen': (): AlertsSeen => {
      for (const alert of alerts) alert.unread = false;
      seenAt = SEEN_AT;
      return { unread: 0, seen_at: SEEN_AT };
    },
  };
  return { routes, alerts };
}
