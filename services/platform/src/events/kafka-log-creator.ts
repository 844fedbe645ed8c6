import { logLevel, type logCreator } from 'kafkajs';
import type { Logger } from '../logger.js';

/**
 * Routes kafkajs's own log lines into the platform's pino logger. kafkajs is chatty (every join,
 * every retried request), so only WARN and up get through; the client builds its loggers with
 * logLevel.WARN, which filters the rest before it reaches here.
 *
 * `[Connection]` errors are protocol responses kafkajs retries by itself (a coordinator still
 * loading, a leader not yet elected on a new topic): a warning, not an error. When retries run
 * out, the operation fails and the caller sees (and logs) the error.
 */
export function pinoLogCreator(logger: Logger): logCreator {
  const kafkajs = logger.child({ component: 'kafkajs' });
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, ...fields } = log;
      const context = { namespace, ...fields };
      if (level === logLevel.ERROR && namespace !== 'Connection') kafkajs.error(context, message);
      else if (level === logLevel.ERROR || level === logLevel.WARN) kafkajs.warn(context, message);
      else if (level === logLevel.INFO) kafkajs.info(context, message);
      else kafkajs.debug(context, message);
    };
}
