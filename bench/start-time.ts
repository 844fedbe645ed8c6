/**
 * How long the platform takes to start on an existing data directory, from the TypeScript
 * sources through tsx and compiled with plain node (BENCH_RUNTIME in ./platform-process.ts),
 * alternating the two: the time to the first 200 of GET /health, and to the first answer of
 * POST /api/search-address (the search index and geocoder loaded). One process at a time owns
 * DATA_DIR, so the runs are sequential.
 *
 *   DATA_DIR=/path/to/data npx tsx bench/start-time.ts [runs of each, default 3] [address]
 *
 * The first start of each runtime is not timed: it compiles what it needs (esbuild into dist/, or
 * tsx's cache), and gives the token of the timed runs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { findFreePort } from '@ust/platform/testing';
import { nodeArguments, type BenchRuntime } from './platform-process.js';
import { printTable, summarize } from './table.js';

if (!process.env.DATA_DIR) throw new Error('Set DATA_DIR to a data directory with a built dataset');
const runs = Number(process.argv[2] ?? 3);
const address = process.argv[3] ?? '1016 Bladensburg Rd NE, Washington DC 20002';
const port = await findFreePort();
const base = `http://127.0.0.1:${port}`;
const environment = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_SCALE: 'none', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(runtime: BenchRuntime, token: string | undefined, whileRunning?: () => void) {
  const args = nodeArguments('services/standalone/src/main.ts', runtime);
  const started = performance.now();
  const server = spawn(process.execPath, args, { env: environment, stdio: ['ignore', 'ignore', 'inherit'] });
  let health = 0;
  let search = 0;
  try {
    while (health === 0) {
      if (server.exitCode !== null) throw new Error(`${runtime}: the platform exited with ${server.exitCode}`);
      const response = await fetch(`${base}/health`).catch(() => undefined);
      if (response?.ok) health = performance.now() - started;
      else await sleep(20);
    }
    whileRunning?.();
    while (token && search === 0) {
      const response = await fetch(`${base}/api/search-address`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ address }),
      });
      if (response.ok) search = performance.now() - started;
      else if (response.status === 401 || response.status === 403) throw new Error(`${runtime}: search answered ${response.status}`);
      else await sleep(20);
      await response.arrayBuffer().catch(() => undefined);
    }
  } finally {
    server.kill('SIGTERM');
    if (server.exitCode === null) await once(server, 'exit');
  }
  return { health, search };
}

const runtimes: BenchRuntime[] = ['tsx', 'compiled'];
const samples = new Map(runtimes.map((runtime) => [runtime, { health: [] as number[], search: [] as number[] }]));
// The token is taken while a server runs: its issuer is the running server's (DATA_DIR/runtime.json).
let token = '';
const takeToken = () => {
  token = execFileSync(process.execPath, [...nodeArguments('services/identity/src/cli/token.ts', 'compiled'), 'admin'], { env: environment })
    .toString()
    .trim();
};
for (const runtime of runtimes) await start(runtime, undefined, runtime === 'compiled' ? takeToken : undefined);
for (let run = 0; run < runs; run++) {
  for (const runtime of runtimes) {
    const { health, search } = await start(runtime, token);
    samples.get(runtime)!.health.push(health);
    samples.get(runtime)!.search.push(search);
  }
}
printTable(
  `Start on ${process.env.DATA_DIR} (${runs} runs each, ms from spawn)`,
  runtimes.map((runtime) => {
    const { health, search } = samples.get(runtime)!;
    return {
      runtime,
      'GET /health median': Math.round(summarize(health).median),
      'GET /health max': Math.round(Math.max(...health)),
      'first search median': Math.round(summarize(search).median),
      'first search max': Math.round(Math.max(...search)),
    };
  }),
);
