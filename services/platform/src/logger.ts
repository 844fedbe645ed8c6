import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * The platform's structured logger: JSON lines with a `service` field per process. On an
 * interactive terminal outside production the same records are printed readably (in-thread:
 * a transport would start a worker thread, and this process may load chDB). Tests pass a
 * `destination` to read what was logged.
 */
export function createLogger(service: string, options: LoggerOptions = {}, destination?: DestinationStream): Logger {
  const settings: LoggerOptions = {
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    ...options,
  };
  if (destination) return pino(settings, destination);
  const readable = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  return readable ? pino(settings, pretty({ sync: true, ignore: 'pid,hostname,service', translateTime: 'HH:MM:ss' })) : pino(settings);
}
