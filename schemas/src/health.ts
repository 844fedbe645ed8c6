import Type, { type Static } from 'typebox';

export const PortName = Type.Union([Type.Literal('AnalyticsStore'), Type.Literal('EventLog'), Type.Literal('JobQueue'), Type.Literal('Cache')]);
export type PortName = Static<typeof PortName>;

export const HealthResponse = Type.Object(
  { status: Type.Literal('ok'), uptime_seconds: Type.Number() },
  { $id: 'HealthResponse', description: 'Liveness: the process answers.' },
);
export type HealthResponse = Static<typeof HealthResponse>;

export const PortStatus = Type.Object({
  port: PortName,
  /** Which adapter serves the port: embedded (chdb, in-process, memory) or production. */
  adapter: Type.String(),
  mode: Type.Union([Type.Literal('embedded'), Type.Literal('production')]),
  /** Where the adapter points (URL without credentials, data directory, or memory). */
  target: Type.String(),
  reachable: Type.Boolean(),
  latency_ms: Type.Number(),
});
export type PortStatus = Static<typeof PortStatus>;

/**
 * A port as the public readiness probe shows it: without where it points (a data directory, a
 * host name), which only the start-up log tells an operator.
 */
export const ReadyPortStatus = Type.Omit(PortStatus, ['target']);
export type ReadyPortStatus = Static<typeof ReadyPortStatus>;

export const ReadyResponse = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
    ports: Type.Array(ReadyPortStatus),
  },
  { $id: 'ReadyResponse', description: 'Readiness: each port, its adapter, and whether it answers.' },
);
export type ReadyResponse = Static<typeof ReadyResponse>;
