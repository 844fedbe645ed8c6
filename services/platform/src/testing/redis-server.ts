/**
 * Starts a throw-away redis-server from the system package on a free loopback port, so the
 * integration tests never depend on a Redis someone happens to run on 6379.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort, waitForPort } from '../net/free-port.js';
import type { RunningService } from './running-service.js';

const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;
/** Another process may grab the free port between findFreePort and redis' bind; try again. */
const START_ATTEMPTS = 3;

/** Absolute path of `binary` on PATH, or undefined. */
export function findOnPath(binary: string, pathVariable = process.env.PATH ?? ''): string | undefined {
  for (const dir of pathVariable.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, binary);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return undefined;
}

/** Sends an inline PING and resolves true on `+PONG`; never rejects. */
export function pingRedisPort(port: number, host = HOST, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let reply = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
    socket.once('error', () => finish(false));
    socket.once('close', () => finish(false));
  });
}

export async function startRedisServer(): Promise<RunningService> {
  const binary = findOnPath('redis-server');
  if (!binary) {
    throw new Error(
      'redis-server is not on PATH: install the Debian package `redis-server` ' + '(apt-get install redis-server, or bash deploy/local/install-system-deps.sh)',
    );
  }
  const failures: string[] = [];
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(binary);
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  throw new Error(`redis-server did not start after ${START_ATTEMPTS} attempts:\n${failures.join('\n')}`);
}

async function startOnce(binary: string): Promise<RunningService> {
  const port = await findFreePort(HOST);
  const dir = mkdtempSync(path.join(tmpdir(), 'ust-redis-'));
  const child = spawn(binary, ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction', '--dir', dir], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the tail of redis' own log for the error message if it dies during start-up.
  let output = '';
  const keepOutput = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4_000);
  };
  child.stdout?.on('data', keepOutput);
  child.stderr?.on('data', keepOutput);

  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // A process that cannot be spawned emits 'error' and no 'exit'; unhandled, it would throw.
    child.once('error', (error) => {
      keepOutput(Buffer.from(`spawn failed: ${error.message}`));
      resolve();
    });
  });
  const killOnExit = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  // 'exit' covers normal ends and uncaught errors; the watchdog covers a SIGKILLed test run.
  process.once('exit', killOnExit);
  const watchdog = startWatchdog(child, dir);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', killOnExit);
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM'); // redis shuts down without saving: --save '' and no AOF
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      watchdog?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    await Promise.race([
      waitUntilAnswers(port),
      exited.then(() => {
        throw new Error(`redis-server exited during start-up on port ${port}:\n${output.trim()}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://${HOST}:${port}`, source: 'local', stop };
}

async function waitUntilAnswers(port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  await waitForPort(HOST, port, START_TIMEOUT_MS);
  // The port opens before redis has loaded; PING answers only once it serves commands.
  while (!(await pingRedisPort(port))) {
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer PING within ${START_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A tiny shell loop that kills redis and removes its directory once this process is gone, even
 * after SIGKILL, where no 'exit' handler runs. It ends by itself once redis has stopped.
 */
function startWatchdog(child: ChildProcess, dir: string): ChildProcess | undefined {
  if (child.pid === undefined || process.platform === 'win32') return undefined;
  const script =
    'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done; ' +
    'if ! kill -0 "$1" 2>/dev/null; then kill -9 "$2" 2>/dev/null; rm -rf "$3"; fi; exit 0';
  const watchdog = spawn('sh', ['-c', script, 'redis-watchdog', String(process.pid), String(child.pid), dir], {
    stdio: 'ignore',
    detached: true, // its own process group, so a Ctrl-C on the test run does not end it first
  });
  watchdog.on('error', () => {}); // without sh we only lose the SIGKILL safety net
  watchdog.unref();
  return watchdog;
}
