/**
 * A real AnalyticsStore that counts the statements sent through it, so a test can see that no
 * client can make the gateway query or write ClickHouse at will (chDB runs one statement at a
 * time: every extra statement delays everyone).
 */
import type { AnalyticsStore } from '@ust/platform';

export interface StatementCounts {
  queries: number;
  insertsByTable: Map<string, number>;
}

export function countingStore(store: AnalyticsStore): { store: AnalyticsStore; counts: StatementCounts } {
  const counts: StatementCounts = { queries: 0, insertsByTable: new Map() };
  const counted = new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'query') {
        return (...args: Parameters<AnalyticsStore['query']>) => {
          counts.queries += 1;
          return target.query(...args);
        };
      }
      if (property === 'insert') {
        return (...args: Parameters<AnalyticsStore['insert']>) => {
          counts.insertsByTable.set(args[0], (counts.insertsByTable.get(args[0]) ?? 0) + 1);
          return target.insert(...args);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return { store: counted, counts };
}
