/**
 * Wires the logger to the page: uncaught errors (GLOBAL_ERROR), unhandled rejections
 * (UNHANDLED_PROMISE), the 30 s flush, the flush on unload and the page-load timings 1 s after
 * load (docs/product.md sections 4 and 8).
 */
import { messageOf, type ClientLogger } from './client-logger';

export const PAGE_LOAD_LOG_DELAY_MS = 1_000;

export function installBrowserTelemetry(logger: ClientLogger, win: Window = window): void {
  win.addEventListener('error', (event) => {
    logger.error('GLOBAL_ERROR', event.message || messageOf(event.error), {
      filename: event.filename,
      line: event.lineno,
      column: event.colno,
      error: event.error,
    });
  });
  win.addEventListener('unhandledrejection', (event) => {
    logger.error('UNHANDLED_PROMISE', messageOf(event.reason), { reason: event.reason });
  });

  // pagehide is the unload event that also fires on mobile and with the back-forward cache;
  // a tab hidden for good (closed from the switcher) may only ever see visibilitychange.
  const flushOnLeave = () => void logger.flush({ keepalive: true });
  win.addEventListener('pagehide', flushOnLeave);
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') flushOnLeave();
  });
  logger.start();

  const logPageLoad = () => win.setTimeout(() => logger.info('PERFORMANCE', 'Page load', pageLoadTimings(win.performance)), PAGE_LOAD_LOG_DELAY_MS);
  if (win.document.readyState === 'complete') logPageLoad();
  else win.addEventListener('load', logPageLoad, { once: true });
}

/** A performance log entry (docs/product.md section 3): action, duration in ms and details. */
export function pageLoadTimings(performance: Performance) {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const paint = (name: string) => {
    const entry = performance.getEntriesByName(name, 'paint')[0];
    return entry ? Math.round(entry.startTime) : null;
  };
  return {
    action: 'page_load',
    duration_ms: navigation ? Math.round(navigation.loadEventEnd - navigation.startTime) : null,
    details: {
      domContentLoaded: navigation ? Math.round(navigation.domContentLoadedEventEnd - navigation.startTime) : null,
      firstPaint: paint('first-paint'),
      firstContentfulPaint: paint('first-contentful-paint'),
    },
  };
}
