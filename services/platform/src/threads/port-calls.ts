/**
 * Calls across a MessagePort, for the threads the workers run heavy jobs on (a rebuild, an
 * import's reading): the thread calls ports of the main thread (the AnalyticsStore, whose chDB
 * engine must stay in the thread that loaded it; the EventLog; the JobQueue) as if it held them,
 * and the main thread answers each call with its result or its error. Only the methods the main
 * thread lists cross: the thread cannot reach anything else.
 */
import type { MessagePort } from 'node:worker_threads';

/** The methods a thread may call, by the name of their target. */
export type CallableMethods = Readonly<Record<string, readonly string[]>>;

export type ThreadMessage =
  | { kind: 'call'; id: number; target: string; method: string; args: unknown[] }
  /** One JSON log line of the thread's logger, logged again by the main thread's. */
  | { kind: 'log'; line: string };
type Answer = { kind: 'result'; id: number; value: unknown } | { kind: 'error'; id: number; name: string; message: string };

export type Caller = (target: string, method: string, args: unknown[]) => Promise<unknown>;

/**
 * Main thread: answers the calls of the thread (named `thread` in refusals) on `port` with
 * `targets`, refusing any method `callable` does not list, and hands its log lines to `onLog`.
 */
export function answerCalls(
  port: MessagePort,
  thread: string,
  targets: Readonly<Record<string, object>>,
  callable: CallableMethods,
  onLog: (line: string) => void,
): void {
  port.on('message', (message: ThreadMessage) => {
    if (message.kind === 'log') {
      onLog(message.line);
      return;
    }
    const { id, target, method, args } = message;
    const answer = (reply: Answer) => port.postMessage(reply, reply.kind === 'result' ? ownBuffersOf([reply.value]) : []);
    const object = Object.hasOwn(targets, target) ? targets[target] : undefined;
    if (!object || !Object.hasOwn(callable, target) || !callable[target]!.includes(method)) {
      answer({ kind: 'error', id, name: 'Error', message: `the ${thread} thread may not call ${target}.${method}` });
      return;
    }
    const callee = (object as Record<string, (...values: unknown[]) => Promise<unknown>>)[method]!;
    Promise.resolve()
      .then(() => callee.apply(object, args))
      .then(
        (value) => answer({ kind: 'result', id, value }),
        (error: unknown) => {
          const { name, message: text } = error instanceof Error ? error : new Error(String(error));
          answer({ kind: 'error', id, name, message: text });
        },
      );
  });
}

/** Thread: a caller of the main thread's targets over `port`; each call resolves with the main thread's answer. */
export function callerOver(port: MessagePort): Caller {
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
      port.postMessage({ kind: 'call', id, target, method, args } satisfies ThreadMessage, ownBuffersOf(args));
    });
}

/**
 * The buffers of the byte arrays among `values` that own their whole buffer, to hand over with the
 * message instead of copying them (a page of rows is megabytes). A byte array that is a view into
 * a shared buffer (Node's pool of small Buffers) is copied: handing that buffer over would take it
 * from every other view.
 */
function ownBuffersOf(values: readonly unknown[]): ArrayBuffer[] {
  return values.flatMap((value) =>
    value instanceof Uint8Array && value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength
      ? [value.buffer]
      : [],
  );
}
