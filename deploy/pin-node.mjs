// The workspace runs on the Node of its `node-linux-*` optionalDependencies (Node 24 LTS from the
// npm registry, locked with its checksum in pnpm-lock.yaml) whatever Node runs pnpm: pnpm puts
// node_modules/.bin first on PATH for every script, so `node` there is the one `pnpm start`,
// `pnpm test`, `pnpm bench` and their child processes run on. pnpm's shim for that binary would
// start it from sh, which passes no SIGTERM on (a stopped platform would keep running) and sets
// NODE_PATH: this postinstall step makes `node` a link to the binary itself.
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'node_modules/.bin/node');
const packageName = `node-${os.platform()}-${os.arch()}`;
const binary = path.join(root, 'node_modules', packageName, 'bin/node');

if (existsSync(binary)) {
  rmSync(bin, { force: true });
  symlinkSync(path.relative(path.dirname(bin), binary), bin);
} else {
  console.warn(`pin-node: no ${packageName} package for this machine, so scripts run on its own Node ${process.version}, not the workspace's pinned one`);
}
