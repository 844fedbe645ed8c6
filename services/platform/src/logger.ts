import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** The platform's structured logger: JSON lines on stdout, one `service` field per process. */
export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  return pino({
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    ...options,
  });
}
