/**
 * The one configuration module: environment variables validated against a schema into a
 * typed, frozen object at start-up. A bad or missing variable stops start-up with a message
 * that names it. A port switches to its production adapter when its URL is set.
 */
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_RISK_MODEL_ID, RISK_MODEL_IDS } from '@ust/schemas';

/**
 * An http(s) URL. A pattern rather than `format: 'uri'`, which refuses the `{z}/{x}/{y}`
 * placeholders of a tile URL template (braces are not URI characters).
 */
const HttpUrl = Type.String({ pattern: '^https?://[^\\s/?#]+[^\\s]*$' });

/** A hop count, or a comma-separated list of IPv4/IPv6 addresses with optional /prefix. */
const TRUST_PROXY_PATTERN = '^(\\d{1,2}|[0-9A-Fa-f:.]+(/\\d{1,3})?(\\s*,\\s*[0-9A-Fa-f:.]+(/\\d{1,3})?)*)$';

export const ConfigSchema = Type.Object({
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development' }),
  /** HTTP port of the gateway / standalone process. */
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  /** The origin browsers use; also the embedded identity provider's issuer host. */
  PUBLIC_URL: Type.Optional(Type.String({ format: 'uri' })),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  /** Embedded adapters keep their state here (chDB data, keys, runtime.json). */
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  /**
   * Where admins' import uploads are saved: one volume every gateway writes and every worker
   * reads (a ReadWriteMany volume in deploy/k8s). @defaultValue DATA_DIR/uploads
   */
  UPLOADS_DIR: Type.Optional(Type.String({ minLength: 1 })),
  /** Built web app served by the gateway; defaults to web/dist of the workspace. */
  WEB_DIST_DIR: Type.Optional(Type.String({ minLength: 1 })),

  CLICKHOUSE_URL: Type.Optional(Type.String({ format: 'uri' })),
  CLICKHOUSE_DATABASE: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', default: 'ust' }),
  CLICKHOUSE_USER: Type.String({ default: 'default' }),
  CLICKHOUSE_PASSWORD: Type.String({ default: '' }),
  /**
   * The ClickHouse cluster (a `remote_servers` name, or the `{cluster}` macro) the migrations
   * create their tables on: ReplicatedMergeTree tables `<name>_local` ON CLUSTER with a Distributed
   * table `<name>` over them (renderClusterMigration). Unset: single-node tables.
   */
  CLICKHOUSE_CLUSTER: Type.Optional(Type.String({ pattern: '^(\\{cluster\\}|[A-Za-z0-9_][A-Za-z0-9_.-]*)$' })),

  /** Comma-separated host:port list. */
  KAFKA_BROKERS: Type.Optional(Type.String({ pattern: '^[^,\\s]+:\\d+(,[^,\\s]+:\\d+)*$' })),
  KAFKA_CLIENT_ID: Type.String({ minLength: 1, default: 'ust-platform' }),

  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /**
   * Milliseconds a worker's lock on a running job holds unless renewed: a job whose worker died
   * (SIGKILL, out of memory) runs again once its lock has expired (the embedded queue, at its next
   * start, as soon as the process that held it is gone). @defaultValue 30000, as BullMQ's
   */
  JOB_LOCK_MS: Type.Integer({ minimum: 500, maximum: 600_000, default: 30_000 }),

  /**
   * An external forward-geocoding service (Mapbox-style: GET {GEOCODER_URL}/{query}.json);
   * unset: the local index the workers build from the dataset (docs/geocoding.md).
   */
  GEOCODER_URL: Type.Optional(Type.String({ format: 'uri' })),
  /** The external geocoder's access token, sent as `access_token`; never logged. */
  GEOCODER_API_KEY: Type.Optional(Type.String({ minLength: 1 })),

  /** An external OpenID issuer (Auth0, Keycloak, Okta, Entra ID); unset: the embedded provider at PUBLIC_URL/idp. */
  OIDC_ISSUER: Type.Optional(Type.String({ format: 'uri' })),
  /** The audience (API identifier) access tokens must carry; unset: PUBLIC_URL/api. */
  OIDC_AUDIENCE: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * Where the gateway fetches the issuer's signing keys when it cannot reach them under the
   * issuer's public host (compose: the browser's localhost is not the gateway's); unset: from
   * the issuer's discovery document.
   */
  OIDC_JWKS_URL: Type.Optional(Type.String({ format: 'uri' })),
  /** The web app's OpenID client id (public client, authorization code with PKCE). */
  OIDC_CLIENT_ID: Type.String({ minLength: 1, default: 'ust-web' }),
  /** Comma-separated e-mail addresses that become admins on first sign-in. */
  ADMIN_EMAILS: Type.String({ default: '' }),

  /**
   * The mail server alert digests go through (nodemailer's URL form: smtp://user:pass@host:587, or
   * smtps:// for TLS from the start); unset, no digest is sent and the workers log so
   * (docs/decisions/0121-alert-digests.md).
   */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  /** The From of alert digests. */
  ALERT_EMAIL_FROM: Type.String({ minLength: 3, default: 'UST Risk Platform <alerts@ust-risk.invalid>' }),
  /** A user gets at most one alert digest per this many seconds (DECISIONS.md 44: at most hourly). @defaultValue 3600 */
  ALERT_DIGEST_INTERVAL_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400, default: 3_600 }),
  /**
   * Whether users' webhooks may point at loopback, private, link-local or shared addresses (and use
   * plain http): off in production, so a webhook cannot reach the platform's own network
   * (docs/decisions/0122-webhooks.md); on for a machine whose receivers are local (tests, a demo).
   */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: Type.Boolean({ default: false }),

  /** Days that telemetry rows (logs, activities) are kept in ClickHouse. */
  TELEMETRY_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 90 }),
  /** Telemetry events the gateway holds while the event log is unreachable. */
  TELEMETRY_BUFFER_EVENTS: Type.Integer({ minimum: 100, default: 100_000 }),
  /**
   * Bytes of telemetry (UTF-8, as published) the gateway holds while the event log is
   * unreachable, beside the event bound: with entries of up to the 16 KB context cap, the event
   * bound alone would let the buffer take gigabytes. At least 1 MiB, room for a publish in
   * flight and a full request beside it. @defaultValue 64 MiB
   */
  TELEMETRY_BUFFER_BYTES: Type.Integer({ minimum: 1_048_576, default: 67_108_864 }),
  /**
   * Milliseconds the gateway gathers telemetry before publishing it, so one-at-a-time requests
   * share a publish (and ingest's insert) instead of paying one each.
   */
  TELEMETRY_LINGER_MS: Type.Integer({ minimum: 0, maximum: 1000, default: 20 }),
  /** Requests per minute per client on the anonymous telemetry routes (POST /logs, /log-activity without a token). */
  ANONYMOUS_TELEMETRY_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 60 }),

  /**
   * What the embedded platform builds on first start: `national` (real files + generated
   * records for every other state), `fixtures` (the real files only), a fraction of the
   * national scale such as `0.1`, or `none`.
   */
  DEMO_SCALE: Type.String({ pattern: '^(national|fixtures|none|0?\\.[0-9]+|1)$', default: 'national' }),
  /**
   * The risk model a rebuild scores every facility with (docs/risk-model.md); the facility
   * dialog and the exposure sheet follow the live dataset's. Changing it takes a rebuild: the
   * embedded platform rescores at its next start.
   */
  RISK_MODEL: Type.Enum([...RISK_MODEL_IDS], { default: DEFAULT_RISK_MODEL_ID }),
  /**
   * Worker threads of the gateway's CPU pool, which renders PDFs and workbooks and reads uploaded
   * portfolio files off the event loop. One leaves the other core of a 2-core machine to the event
   * loop; raise it with the cores the gateway has. @defaultValue 1
   */
  CPU_POOL_THREADS: Type.Integer({ minimum: 1, maximum: 64, default: 1 }),
  /**
   * Tasks that may wait for a CPU pool thread; one more is answered 503 with retry-after, so a
   * burst of downloads or uploads costs a bounded amount of memory and waiting. @defaultValue 8
   */
  CPU_POOL_QUEUE: Type.Integer({ minimum: 0, maximum: 1000, default: 8 }),
  /** Requests per minute per client on the API. */
  RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 600 }),
  /** Sign-in form posts per minute per client address, on the embedded provider's sign-in page. */
  SIGN_IN_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 20 }),
  /**
   * Whose X-Forwarded-For / -Proto / -Host headers count: unset, nobody's (the client's address
   * is the socket's); a number, that many proxy hops in front of the gateway; or comma-separated
   * addresses and CIDR ranges of the proxies. Anyone can write these headers, so trusting them
   * from a client lets it pose as any address.
   */
  TRUST_PROXY: Type.Optional(Type.String({ pattern: TRUST_PROXY_PATTERN })),

  /**
   * The map's Streets style: a MapLibre style JSON URL. Unset, with the satellite variables
   * below: those styles fall back to the local Light style (GET /api/map-config says null).
   */
  MAP_STREETS_STYLE_URL: Type.Optional(HttpUrl),
  /** The map's Satellite style: a raster XYZ tile URL template, e.g. `https://tiles.example.com/{z}/{x}/{y}.jpg`. */
  MAP_SATELLITE_TILES_URL: Type.Optional(HttpUrl),
  /** The attribution the satellite tiles' licence asks for, shown on the map. */
  MAP_SATELLITE_ATTRIBUTION: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
});

export type RawConfig = Static<typeof ConfigSchema>;

export interface Config extends RawConfig {
  /** DATA_DIR resolved to an absolute path. */
  readonly dataDir: string;
  /** UPLOADS_DIR resolved to an absolute path (DATA_DIR/uploads unless set). */
  readonly uploadsDir: string;
  readonly publicUrl: string;
  /** The issuer tokens must come from: OIDC_ISSUER, or the embedded provider's. */
  readonly oidcIssuer: string;
  /** True when the embedded provider issues the tokens (OIDC_ISSUER unset). */
  readonly embeddedIdentity: boolean;
  readonly oidcAudience: string;
  readonly adminEmails: readonly string[];
  readonly kafkaBrokers: readonly string[] | undefined;
  /** TRUST_PROXY as Fastify's `trustProxy` takes it: false, a hop count, or the proxies' addresses. */
  readonly trustProxy: false | number | string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Validates `env` (process.env by default) and returns the frozen configuration. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const known = Object.keys(ConfigSchema.properties);
  const picked: Record<string, unknown> = {};
  for (const name of known) {
    const value = env[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  const converted = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, picked));
  if (!Value.Check(ConfigSchema, converted)) {
    const problems = [...Value.Errors(ConfigSchema, converted)].map((error) => {
      const name = error.instancePath.replace(/^\//, '') || '(root)';
      const given = name in picked ? ` (got ${JSON.stringify(picked[name])})` : '';
      const allowed = error.keyword === 'enum' ? `: ${(error.params as { allowedValues?: unknown[] }).allowedValues?.join(', ')}` : '';
      return `${name}: ${error.message}${allowed}${given}`;
    });
    throw new ConfigError([...new Set(problems)]);
  }
  return deriveConfig(converted as RawConfig);
}

function deriveConfig(raw: RawConfig): Readonly<Config> {
  // One host name for issuer and browser, or the provider's cookies break
  // (docs/decisions/0026-embedded-identity-tokens.md).
  const host = raw.HOST === '0.0.0.0' || raw.HOST === '127.0.0.1' ? 'localhost' : raw.HOST;
  const publicUrl = (raw.PUBLIC_URL ?? `http://${host}:${raw.PORT}`).replace(/\/$/, '');
  return Object.freeze({
    ...raw,
    dataDir: path.resolve(raw.DATA_DIR),
    uploadsDir: path.resolve(raw.UPLOADS_DIR ?? path.join(raw.DATA_DIR, 'uploads')),
    publicUrl,
    // Kept exactly as given: the `iss` claim must match it byte for byte (Auth0's ends in '/').
    oidcIssuer: raw.OIDC_ISSUER ?? `${publicUrl}/idp`,
    embeddedIdentity: raw.OIDC_ISSUER === undefined,
    oidcAudience: raw.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    adminEmails: raw.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    kafkaBrokers: raw.KAFKA_BROKERS?.split(','),
    trustProxy: trustProxyOf(raw.TRUST_PROXY),
  });
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` option takes it. A hop count becomes a function trusting
 * that many addresses nearest the server (Fastify reads a bare number as "trust nothing"); it
 * assumes clients reach the gateway only through those proxies, which a list of the proxies'
 * addresses does not.
 */
export function fastifyTrustProxy(trustProxy: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address, hop) => hop < hops;
}

function trustProxyOf(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    if (family === 0 || (prefix !== undefined && Number(prefix) > maxPrefix)) {
      throw new ConfigError([`TRUST_PROXY: ${JSON.stringify(entry)} is not an IP address or CIDR range (got ${JSON.stringify(value)})`]);
    }
  }
  return entries;
}

/**
 * The configuration with PORT set to the port actually opened (PORT=0 asks for a free one):
 * the public URL, issuer and audience derived from it follow, unless they were given.
 */
export function withPort(config: Readonly<Config>, port: number): Readonly<Config> {
  const raw = Object.fromEntries(Object.keys(ConfigSchema.properties).map((name) => [name, config[name as keyof RawConfig]])) as RawConfig;
  return deriveConfig({ ...raw, PORT: port });
}

/**
 * Separate gateway, ingest and worker processes share state only through production services:
 * an in-process event log or job queue in one of them would be invisible to the others.
 * Stops start-up naming the missing variables.
 */
export function requireProductionPorts(config: Config, role: string, names: ReadonlyArray<'CLICKHOUSE_URL' | 'KAFKA_BROKERS' | 'REDIS_URL'>): void {
  const missing = names.filter((name) => !config[name]);
  if (missing.length) {
    throw new ConfigError([`${missing.join(', ')}: required when ${role} runs as its own process (use \`pnpm start\` for the one-process embedded mode)`]);
  }
}
