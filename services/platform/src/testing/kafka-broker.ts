/**
 * Starts a real single-node Kafka broker from deploy/local/kafka (the Apache jars run by `java`,
 * no Docker) on free loopback ports, for the integration tests. One broker serves a whole test
 * run; it dies with its process group, and with the test process even if that is killed.
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import { findFreePort } from '../net/free-port.js';
import type { RunningService } from './running-service.js';

const KAFKA_SH = fileURLToPath(new URL('../../../../deploy/local/kafka/kafka.sh', import.meta.url));
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 10_000;
const FETCH_TIMEOUT_MS = 15 * 60_000;

function tail(text: string, lines = 40): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function readTail(path: string): string {
  try {
    return tail(readFileSync(path, 'utf8'));
  } catch {
    return '(empty)';
  }
}

function run(command: string, args: string[], timeout: number): Promise<{ ok: boolean; output: string; error?: Error }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ ok: !error, output: `${stdout}${stderr}`, ...(error ? { error } : {}) });
    });
  });
}

async function assertJavaInstalled(): Promise<void> {
  const java = await run('java', ['-version'], 30_000);
  if (!java.ok) {
    const missing = (java.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
    throw new Error(
      missing
        ? 'java is not on PATH: the local Kafka broker needs Java 17 or newer (apt-get install openjdk-17-jre-headless)'
        : `java -version failed: ${tail(java.output, 5)}`,
    );
  }
}

/** Downloads the broker's jars with Maven (cached in deploy/local/kafka/libs/<version>/). */
async function fetchJars(): Promise<void> {
  const fetched = await run('bash', [KAFKA_SH, 'fetch'], FETCH_TIMEOUT_MS);
  if (!fetched.ok) {
    throw new Error(`Downloading the Kafka jars failed (bash ${KAFKA_SH} fetch):\n${tail(fetched.output)}`);
  }
}

/** True once the broker answers a metadata request with itself in it. */
async function brokerAnswers(brokers: string): Promise<boolean> {
  const admin = new Kafka({
    clientId: 'test-kafka-broker-probe',
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    retry: { retries: 0 },
  }).admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/** A broker a test can take away and bring back on the same port, with its data kept. */
export interface RestartableKafkaBroker extends RunningService {
  /** Stops the broker process; its log directory stays. */
  halt(): Promise<void>;
  /** Starts it again on the same ports and directory and waits until it answers. */
  resume(): Promise<void>;
}

export async function startKafkaBroker(): Promise<RestartableKafkaBroker> {
  await assertJavaInstalled();
  await fetchJars();
  const port = await findFreePort();
  let controllerPort = await findFreePort();
  while (controllerPort === port) controllerPort = await findFreePort();
  const dir = await mkdtemp(join(tmpdir(), 'ust-kafka-'));
  const url = `127.0.0.1:${port}`;
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  let broker: { halt(): Promise<void> };
  try {
    broker = await launchBroker(port, controllerPort, dir);
  } catch (error) {
    removeDir();
    throw error;
  }
  process.once('exit', removeDir);
  return {
    url,
    source: 'local',
    async stop() {
      await broker.halt();
      process.removeListener('exit', removeDir);
      removeDir();
    },
    halt: () => broker.halt(),
    async resume() {
      broker = await launchBroker(port, controllerPort, dir);
    },
  };
}

/** Runs kafka.sh on the given ports and directory until it answers; `halt` stops that process. */
async function launchBroker(port: number, controllerPort: number, dir: string): Promise<{ halt(): Promise<void> }> {
  const brokerLog = join(dir, 'broker.log');
  const launcherLog = join(dir, 'launcher.log');
  const out = openSync(launcherLog, 'a');
  // detached: the broker leads its own process group, so one kill reaches kafka.sh, java and
  // kafka.sh's watchdog. KAFKA_STOP_WITH_PID makes that watchdog stop the broker if this
  // process dies without running its exit handlers (SIGKILL, a crash).
  const child = spawn('bash', [KAFKA_SH, 'start', String(port), dir, String(controllerPort)], {
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, KAFKA_STOP_WITH_PID: String(process.pid) },
  });
  closeSync(out);
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Could not spawn bash ${KAFKA_SH}`);

  let exited = false;
  const exitedPromise = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => (exited = true));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  const killOnExit = () => killGroup('SIGKILL');
  process.once('exit', killOnExit);

  const halt = async () => {
    process.removeListener('exit', killOnExit);
    if (!exited) {
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), STOP_GRACE_MS);
      await exitedPromise;
      clearTimeout(timer);
      // The watchdog and any other member of the group, should one have outlived bash/java.
      killGroup('SIGKILL');
    }
  };

  const url = `127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await brokerAnswers(url))) {
    if (exited || Date.now() > deadline) {
      const why = exited ? 'exited before it answered' : `did not answer within ${READY_TIMEOUT_MS / 1000} s`;
      const logs = `--- ${launcherLog} ---\n${readTail(launcherLog)}\n--- ${brokerLog} ---\n${readTail(brokerLog)}`;
      await halt();
      throw new Error(`The local Kafka broker on ${url} ${why}.\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { halt };
}
