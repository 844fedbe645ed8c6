import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLauncherCommand, launcherProcesses } from './launcher-watch.js';

describe('the wrappers a platform watches', () => {
  it('are package managers and the shells they run scripts in, as /proc shows their command lines', () => {
    for (const wrapper of [
      'npm exec pnpm@10.34.9 start', // npx, as it names itself
      'sh -c pnpm start',
      'node /root/.npm/_npx/c80dab5832ec79ce/node_modules/.bin/pnpm start',
      'sh -c pnpm --filter @ust/web build:if-needed && exec node --conditions=ust-compiled services/standalone/dist/main.js',
      'node /usr/lib/node_modules/corepack/dist/pnpm.js start',
      'node /usr/local/lib/node_modules/yarn/bin/yarn.js start',
      '/bin/bash -c npm start',
    ]) {
      expect(isLauncherCommand(wrapper), wrapper).toBe(true);
    }
    for (const other of [
      '-bash',
      'bash',
      'bash deploy/start-platform.sh',
      '/lib/systemd/systemd --system',
      'node /work/main/node_modules/.pnpm/vitest@3.2.4/node_modules/vitest/vitest.mjs run',
      'node /home/pnpm/project/server.js',
      '/sbin/docker-init -- node services/standalone/dist/main.js',
    ]) {
      expect(isLauncherCommand(other), other).toBe(false);
    }
  });

  it('stop at the first process that is not one: a test runner watches nothing', () => {
    expect(launcherProcesses()).toEqual([]);
  });
});

describe('shutdown', () => {
  it('closes when a wrapper that launched the process exits on a signal that did not reach the process', async () => {
    const child = path.join(import.meta.dirname, 'shutdown.child.ts');
    // `; true` keeps the shell from replacing itself with node: it stays above it, as npx and pnpm do.
    const wrapper = spawn('sh', ['-c', `"${process.execPath}" --import tsx "${child}"; true`], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    wrapper.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    wrapper.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 20_000 }).toContain('launchers');
    expect(output).toContain(`launchers [${wrapper.pid}]`);

    wrapper.kill('SIGTERM'); // the shell alone, as `kill <pid of npx>` does
    // The log lines and the child's own line reach the pipe in either order.
    const expected = ['closed', `"launcherExited":"${wrapper.pid} sh -c `, '"msg":"shutting down"', '"msg":"shut down"'];
    await expect.poll(() => expected.every((text) => output.includes(text)), { timeout: 10_000 }).toBe(true);
    expect(output).toContain(`"launcherExited":"${wrapper.pid} sh -c `);
    expect(output).toContain('"msg":"shutting down"');
    expect(output).toContain('"msg":"shut down"');
  });
});
