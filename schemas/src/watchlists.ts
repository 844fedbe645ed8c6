/**
 * Watchlists and saved preferences (docs/decisions/0119-watchlists.md): a user watches
 * facilities and places (a point with a radius) in named lists of their own. Lists are private:
 * anyone else, admins included, is told a list does not exist; admins see only counts.
 */
import Type, { type Static } from 'typebox';
import { DEFAULT_PREFERENCES, WATCHLIST_LIMITS } from './constants.js';

export { DEFAULT_PREFERENCES, WATCHLIST_LIMITS };

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** The Settings screen's preferences, saved per user. */
export const UserPreferences = Type.Object(
  {
    email_notifications: Type.Boolean({ description: 'Email notifications for facility updates: a digest of new alerts, at most hourly (default off)' }),
    show_all_search_markers: Type.Boolean({
      description: "Show map markers for all search results: pin every facility of the map's selected region, not only those with a leak (default on)",
    }),
    high_risk_alerts: Type.Boolean({
      description: 'High-risk facility alerts: alert when a watched facility, or one within a watched place, is high risk (default on)',
    }),
  },
  { additionalProperties: false },
);
export type UserPreferences = Static<typeof UserPreferences>;

export const WatchlistIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'A watchlist id, e.g. wl-1a2b3c4d5e6f7a8b' }) });
export type WatchlistIdParams = Static<typeof WatchlistIdParams>;

export const WatchedItemParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'A watchlist id' }),
  item_id: Type.String({ minLength: 1, maxLength: 64, description: 'An item id of that watchlist, e.g. wi-1a2b3c4d5e6f7a8b' }),
});
export type WatchedItemParams = Static<typeof WatchedItemParams>;

const WatchlistName = Type.String({ minLength: 1, maxLength: WATCHLIST_LIMITS.nameLength, pattern: '\\S', description: 'Shown in the list of watchlists' });
const WatchlistNotes = Type.String({ maxLength: WATCHLIST_LIMITS.notesLength });
const ItemNote = Type.String({ maxLength: WATCHLIST_LIMITS.itemNoteLength });

/** POST /watchlists */
export const CreateWatchlistBody = Type.Object({ name: WatchlistName, notes: Type.Optional(WatchlistNotes) }, { additionalProperties: false });
export type CreateWatchlistBody = Static<typeof CreateWatchlistBody>;

/** PATCH /watchlists/{id} */
export const UpdateWatchlistBody = Type.Object(
  { name: Type.Optional(WatchlistName), notes: Type.Optional(WatchlistNotes) },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateWatchlistBody = Static<typeof UpdateWatchlistBody>;

export const WatchFacilityBody = Type.Object(
  {
    kind: Type.Literal('facility'),
    facility_id: Type.String({ minLength: 1, maxLength: 200, description: 'National facility id, e.g. DE-1-000001' }),
    note: Type.Optional(ItemNote),
  },
  { additionalProperties: false },
);

export const WatchPlaceBody = Type.Object(
  {
    kind: Type.Literal('place'),
    label: Type.String({
      minLength: 1,
      maxLength: WATCHLIST_LIMITS.placeLabelLength,
      pattern: '\\S',
      description: 'The address searched, or a name for the point',
    }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    radius_miles: Type.Number({
      exclusiveMinimum: 0,
      maximum: WATCHLIST_LIMITS.maxRadiusMiles,
      description: 'Facilities and releases within this distance are watched',
    }),
    note: Type.Optional(ItemNote),
  },
  { additionalProperties: false },
);

/** POST /watchlists/{id}/items: a facility by id, or a place. */
export const WatchItemBody = Type.Union([WatchFacilityBody, WatchPlaceBody]);
export type WatchItemBody = Static<typeof WatchItemBody>;

export const WatchedItem = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('facility'), Type.Literal('place')]),
  /** Facility items: the facility watched. */
  facility_id: Nullable(Type.String()),
  /** A facility's name when it was added, or the place's label. */
  label: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  radius_miles: Nullable(Type.Number()),
  note: Type.String(),
  added_at: Type.String({ format: 'date-time' }),
});
export type WatchedItem = Static<typeof WatchedItem>;

export const WatchlistSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  notes: Type.String(),
  facilities: Type.Integer({ minimum: 0 }),
  places: Type.Integer({ minimum: 0 }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type WatchlistSummary = Static<typeof WatchlistSummary>;

export const WatchlistsQuery = Type.Object(
  {
    facility_ids: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4_000,
        pattern: '^[^,]+(,[^,]+){0,99}$',
        description: 'Up to 100 facility ids, comma-separated: `watching` says which items of your lists watch them',
      }),
    ),
  },
  { additionalProperties: false },
);
export type WatchlistsQuery = Static<typeof WatchlistsQuery>;

/** An item of the caller's lists that watches one of the facilities asked about. */
export const WatchingFacility = Type.Object({ facility_id: Type.String(), watchlist_id: Type.String(), item_id: Type.String() });
export type WatchingFacility = Static<typeof WatchingFacility>;

export const WatchlistsResponse = Type.Object({
  watchlists: Type.Array(WatchlistSummary),
  /** With `?facility_ids=`: every item watching one of them, in list order; else empty. */
  watching: Type.Array(WatchingFacility),
  limits: Type.Object({ lists: Type.Integer(), items_per_list: Type.Integer(), items: Type.Integer() }),
});
export type WatchlistsResponse = Static<typeof WatchlistsResponse>;

export const Watchlist = Type.Object({ ...WatchlistSummary.properties, items: Type.Array(WatchedItem) });
export type Watchlist = Static<typeof Watchlist>;

export const Deleted = Type.Object({ deleted: Type.Literal(true) });
export type Deleted = Static<typeof Deleted>;

/** GET /admin/watchlists: how much each user watches; never what. */
export const AdminWatchlistCount = Type.Object({
  user_id: Type.String(),
  email: Type.String(),
  watchlists: Type.Integer({ minimum: 0 }),
  facilities: Type.Integer({ minimum: 0 }),
  places: Type.Integer({ minimum: 0 }),
});
export const AdminWatchlistCounts = Type.Object({ users: Type.Array(AdminWatchlistCount) });
export type AdminWatchlistCounts = Static<typeof AdminWatchlistCounts>;

/** POST /screenings/{id}/watch: a new watchlist of the screening's matched facilities (a portfolio). */
export const WatchScreeningBody = Type.Object({ name: Type.Optional(WatchlistName), notes: Type.Optional(WatchlistNotes) }, { additionalProperties: false });
export type WatchScreeningBody = Static<typeof WatchScreeningBody>;

/**
 * What an alert says changed (docs/decisions/0120-watch-alerts.md). For a watched facility:
 * its score, a release newly reported, its tanks' counts, or the record gone. For a watched
 * place, among the facilities within its radius: a release newly reported, a facility added, a
 * facility gone, and (with the high-risk preference) a facility that became high risk.
 */
export const AlertChange = Type.Union(
  [
    Type.Literal('score'),
    Type.Literal('release'),
    Type.Literal('tanks'),
    Type.Literal('removed'),
    Type.Literal('added_nearby'),
    Type.Literal('high_risk_nearby'),
  ],
  { description: 'score, release, tanks, removed (a watched facility or one within a place); added_nearby, high_risk_nearby (within a place)' },
);
export type AlertChange = Static<typeof AlertChange>;

/** One facility an alert is about, with the value before and after (as shown, e.g. "4 (moderate)"). */
export const AlertFacility = Type.Object({
  facility_id: Type.String(),
  name: Nullable(Type.String()),
  old_value: Nullable(Type.String()),
  new_value: Nullable(Type.String()),
});
export type AlertFacility = Static<typeof AlertFacility>;

export const WatchAlert = Type.Object({
  id: Type.String(),
  watchlist_id: Type.String(),
  watchlist_name: Type.String(),
  item_id: Type.String(),
  item_kind: Type.Union([Type.Literal('facility'), Type.Literal('place')]),
  item_label: Type.String(),
  change: AlertChange,
  /** One line for a person: "Risk score 4 → 7 (moderate → high)". */
  summary: Type.String(),
  facilities: Type.Array(AlertFacility),
  /** A facility concerned is high risk now (7-10) and was not before. */
  high_risk: Type.Boolean(),
  /** The version that brought the change, and the one before it. */
  dataset_version: Type.Integer(),
  base_version: Type.Integer(),
  /** The import whose build brought it; null for a rebuild by hand or after a new risk model. */
  import_id: Nullable(Type.String()),
  import_label: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  unread: Type.Boolean(),
});
export type WatchAlert = Static<typeof WatchAlert>;

export const AlertsQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Newest first, at most this many' })) },
  { additionalProperties: false },
);
export type AlertsQuery = Static<typeof AlertsQuery>;

export const AlertsResponse = Type.Object({
  alerts: Type.Array(WatchAlert),
  /** Alerts created after `seen_at`. */
  unread: Type.Integer({ minimum: 0 }),
  seen_at: Nullable(Type.String({ format: 'date-time' })),
});
export type AlertsResponse = Static<typeof AlertsResponse>;

export const AlertsSeen = Type.Object({ unread: Type.Integer({ minimum: 0 }), seen_at: Type.String({ format: 'date-time' }) });
export type AlertsSeen = Static<typeof AlertsSeen>;

/** A user's webhook (docs/decisions/0122-webhooks.md): their alerts POSTed, signed, to a URL of theirs. */
export const WebhookDelivery = Type.Object({
  at: Type.String({ format: 'date-time' }),
  ok: Type.Boolean(),
  status: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
});
export const Webhook = Type.Object({
  id: Type.String(),
  url: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_delivery: Nullable(WebhookDelivery),
});
export type Webhook = Static<typeof Webhook>;

export const WebhookCreated = Type.Object({
  ...Webhook.properties,
  secret: Type.String({ description: 'Signs every delivery (X-UST-Signature: sha256=HMAC-SHA256(secret, `${X-UST-Timestamp}.${body}`)); shown this once' }),
});
export type WebhookCreated = Static<typeof WebhookCreated>;

export const CreateWebhookBody = Type.Object(
  { url: Type.String({ minLength: 8, maxLength: WATCHLIST_LIMITS.webhookUrlLength, description: 'An https URL on the public internet' }) },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const WebhooksResponse = Type.Object({ webhooks: Type.Array(Webhook) });
export type WebhooksResponse = Static<typeof WebhooksResponse>;

export const WebhookIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'A webhook id, e.g. wh-1a2b3c4d5e6f7a8b' }) });
export type WebhookIdParams = Static<typeof WebhookIdParams>;

export const WebhookTestResult = Type.Object({
  ok: Type.Boolean(),
  status: Nullable(Type.Integer({ description: "The receiver's HTTP status; null when it did not answer" })),
  error: Nullable(Type.String()),
  duration_ms: Type.Integer({ minimum: 0 }),
});
export type WebhookTestResult = Static<typeof WebhookTestResult>;

/** One try of one delivery, as the admin console's delivery log shows it (the receiver's host only). */
export const AdminWebhookDelivery = Type.Object({
  delivery_id: Type.String(),
  owner_id: Type.String(),
  webhook_id: Type.String(),
  host: Type.String(),
  attempt: Type.Integer({ minimum: 1 }),
  at: Type.String({ format: 'date-time' }),
  ok: Type.Boolean(),
  status: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  duration_ms: Type.Integer({ minimum: 0 }),
  alerts: Type.Integer({ minimum: 0 }),
  /** The last try of a delivery that never succeeded: it is given up. */
  dead: Type.Boolean(),
});
export type AdminWebhookDelivery = Static<typeof AdminWebhookDelivery>;

export const AdminWebhookDeliveriesQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
    dead_only: Type.Optional(Type.Boolean({ description: 'Only deliveries given up after their last try (the dead-letter list)' })),
  },
  { additionalProperties: false },
);
export type AdminWebhookDeliveriesQuery = Static<typeof AdminWebhookDeliveriesQuery>;

export const AdminWebhookDeliveries = Type.Object({ deliveries: Type.Array(AdminWebhookDelivery) });
export type AdminWebhookDeliveries = Static<typeof AdminWebhookDeliveries>;
