/**
 * The wrapper processes a command like `pnpm start` puts above the platform: npx, the shells
 * they run scripts in, pnpm. A terminal's Ctrl+C reaches all of them at once, but a supervisor
 * or a user signalling only one (`kill <pid of npx>`) ends that wrapper and leaves the platform
 * running on without it, holding its port and `DATA_DIR`; pnpm relays the signal only to its own
 * child. Watching the wrappers lets the platform stop as it would on the signal itself.
 *
 * Linux only (`/proc`); elsewhere nothing is watched. The walk up stops at the first process
 * that is not a package manager or a `sh -c` it runs (a user's shell, a supervisor, a test
 * runner), and at the process group's edge, so a platform started from a script or a test keeps
 * running when they move on.
 */
import { readFileSync } from 'node:fs';

/** How often the wrappers are checked: a stop of one is noticed within this time. */
const WATCH_INTERVAL_MS = 1_000;

export interface LauncherProcess {
  pid: number;
  command: string;
  /** Its process group (the platform's): a pid reused by an unrelated process is in another. */
  group: number;
}

interface ProcessStatus {
  /** 'Z' once it has exited and waits for its parent to reap it. */
  state: string;
  parent: number;
  group: number;
}

/** State, parent and process group from `/proc/<pid>/stat`; undefined when there is no such process. */
function processStatus(pid: number | 'self'): ProcessStatus | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid pgrp ...": the command may hold spaces and parentheses.
    const [state = '', parent, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, parent: Number(parent), group: Number(group) };
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

const PACKAGE_MANAGER = /(^|[\s/])(npm|npx|pnpm|yarn)(\.c?js)?(\s|$)|(^|\s)npm exec\s/;
const SCRIPT_SHELL = /^(\/bin\/|\/usr\/bin\/)?(sh|bash|dash) -c /;

/** Whether a command line is a package manager or the shell it runs a script in. */
export function isLauncherCommand(command: string): boolean {
  return PACKAGE_MANAGER.test(command) || SCRIPT_SHELL.test(command);
}

/** This process's wrappers, nearest first: ancestors in its process group that are launchers. */
export function launcherProcesses(): LauncherProcess[] {
  const self = processStatus('self');
  if (!self) return [];
  const launchers: LauncherProcess[] = [];
  let pid = self.parent;
  while (pid > 1) {
    const status = processStatus(pid);
    const command = commandLine(pid);
    if (!status || status.group !== self.group || !isLauncherCommand(command)) break;
    launchers.push({ pid, command, group: status.group });
    pid = status.parent;
  }
  return launchers;
}

/** Whether it still runs: a zombie has exited (its parent has not reaped it yet). */
function running(launcher: LauncherProcess): boolean {
  const status = processStatus(launcher.pid);
  return status !== undefined && status.state !== 'Z' && status.group === launcher.group;
}

/**
 * Calls `onGone` once, with the first wrapper found gone, when any of `launchers` exits.
 * Returns a function that stops the watch.
 */
export function watchLaunchers(launchers: LauncherProcess[], onGone: (launcher: LauncherProcess) => void): () => void {
  if (launchers.length === 0) return () => undefined;
  const timer = setInterval(() => {
    const gone = launchers.find((launcher) => !running(launcher));
    if (!gone) return;
    clearInterval(timer);
    onGone(gone);
  }, WATCH_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
