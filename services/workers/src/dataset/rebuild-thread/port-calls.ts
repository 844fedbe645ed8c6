/**
 * Calls across a MessagePort, for the rebuild thread: the thread calls a port of the main
 * thread (the AnalyticsStore, whose chDB engine must stay in the thread that loaded it, and the
 * JobQueue) as if it held it, and the main thread answers each call with its result or its
 * error. Only the methods named in `CALLABLE` cross: the thread cannot reach anything else.
 */
import type { MessagePort } from 'node:worker_threads';

/** The methods the thread may call, by target. */
export const CALLABLE = {
  store: ['queryText', 'command', 'insertJsonRows'],
  jobs: ['enqueue'],
} as const;
export type CallTarget = keyof typeof CALLABLE;

export type ThreadMessage =
  | { kind: 'call'; id: number; target: CallTarget; method: string; args: unknown[] }
  /** One JSON log line of the thread's logger, logged again by the main thread's. */
  | { kind: 'log'; line: string };
type Answer = { kind: 'result'; id: number; value: unknown } | { kind: 'error'; id: number; name: string; message: string };

/** Main thread: answers the thread's calls on `port` with `targets`, and hands its log lines to `onLog`. */
export function answerCalls(port: MessagePort, targets: Record<CallTarget, object>, onLog: (line: string) => void): void {
  port.on('message', (message: ThreadMessage) => {
    if (message.kind === 'log') {
      onLog(message.line);
      return;
    }
    const { id, target, method, args } = message;
    const answer = (reply: Answer) => port.postMessage(reply);
    if (!(CALLABLE[target] as readonly string[]).includes(method)) {
      answer({ kind: 'error', id, name: 'Error', message: `the rebuild thread may not call ${target}.${method}` });
      return;
    }
    const callee = (targets[target] as Record<string, (...values: unknown[]) => Promise<unknown>>)[method]!;
    callee.apply(targets[target], args).then(
      (value) => answer({ kind: 'result', id, value }),
      (error: unknown) => {
        const { name, message: text } = error instanceof Error ? error : new Error(String(error));
        answer({ kind: 'error', id, name, message: text });
      },
    );
  });
}

/** Thread: a caller of the main thread's targets over `port`; each call resolves with the main thread's answer. */
export function callerOver(port: MessagePort): (target: CallTarget, method: string, args: unknown[]) => Promise<unknown> {
  let nextId = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  port.on('message', (answer: Answer) => {
    const caller = waiting.get(answer.id);
    if (!caller) return;
    waiting.delete(answer.id);
    if (answer.kind === 'result') caller.resolve(answer.value);
    else caller.reject(Object.assign(new Error(answer.message), { name: answer.name }));
  });
  return (target, method, args) =>
    new Promise((resolve, reject) => {
      const id = (nextId += 1);
      waiting.set(id, { resolve, reject });
      port.postMessage({ kind: 'call', id, target, method, args } satisfies ThreadMessage);
    });
}
