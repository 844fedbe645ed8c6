import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { describeAnalyticsStoreContract } from './analytics-store.contract.js';
import { createChdbStore } from './chdb-store.js';
import { createClickHouseStore } from './clickhouse-store.js';

describeAnalyticsStoreContract('chdb', async () => createChdbStore({ path: await mkdtemp(path.join(os.tmpdir(), 'ust-chdb-')), database: 'contract' }));

const clickhouseUrl = inject('clickhouseUrl');
if (clickhouseUrl) {
  describeAnalyticsStoreContract('clickhouse', () => createClickHouseStore({ url: clickhouseUrl, database: `contract_${randomBytes(4).toString('hex')}` }));
}
