import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { answerCalls, callerOver } from './port-calls.js';

describe('calls from a thread to the main thread', () => {
  const channels: MessageChannel[] = [];
  afterEach(() => {
    for (const { port1, port2 } of channels.splice(0)) {
      port1.close();
      port2.close();
    }
  });

  function connect(store: object, jobs: object = {}, logged: string[] = []) {
    const channel = new MessageChannel();
    channels.push(channel);
    answerCalls(channel.port1, 'rebuild', { store, jobs }, { store: ['queryText', 'command'], jobs: ['enqueue'] }, (line) => logged.push(line));
    return { call: callerOver(channel.port2), port: channel.port2 };
  }

  it("answers a listed method with the target's result, called on the target", async () => {
    const store = {
      rows: [{ n: 1 }],
      async queryText(sql: string, params: object) {
        return { sql, params, rows: this.rows };
      },
    };
    const { call } = connect(store);
    expect(await call('store', 'queryText', ['SELECT {n:UInt8}', { n: 1 }])).toEqual({ sql: 'SELECT {n:UInt8}', params: { n: 1 }, rows: [{ n: 1 }] });
  });

  it("rejects with the target's error name and message", async () => {
    const failure = Object.assign(new Error('Code: 60. Table ust.missing does not exist'), { name: 'ClickHouseError' });
    const { call } = connect({ command: () => Promise.reject(failure) });
    await expect(call('store', 'command', ['DROP TABLE missing'])).rejects.toMatchObject({
      name: 'ClickHouseError',
      message: 'Code: 60. Table ust.missing does not exist',
    });
  });

  it('refuses every method it does not list, even one the target has', async () => {
    let closed = false;
    const { call } = connect({ close: async () => void (closed = true) }, { obliterate: async () => undefined });
    await expect(call('store', 'close', [])).rejects.toThrow('the rebuild thread may not call store.close');
    await expect(call('jobs', 'obliterate', [])).rejects.toThrow('the rebuild thread may not call jobs.obliterate');
    expect(closed).toBe(false);
  });

  it('refuses a target it was not given, and names of the prototype', async () => {
    const { call } = connect({ queryText: async () => '' });
    await expect(call('events', 'publish', [])).rejects.toThrow('the rebuild thread may not call events.publish');
    await expect(call('constructor', 'call', [])).rejects.toThrow('the rebuild thread may not call constructor.call');
  });

  it('answers a method that throws at once as an error, not a crash', async () => {
    const { call } = connect({
      command: () => {
        throw new TypeError('no statement');
      },
    });
    await expect(call('store', 'command', [])).rejects.toMatchObject({ name: 'TypeError', message: 'no statement' });
  });

  it('hands log lines to the main thread', async () => {
    const logged: string[] = [];
    const { port, call } = connect({ queryText: async () => '' }, {}, logged);
    port.postMessage({ kind: 'log', line: '{"msg":"rebuild v1: statistics in 0.1 s"}' });
    await call('store', 'queryText', ['SELECT 1']); // answered after the log line, which was sent first
    expect(logged).toEqual(['{"msg":"rebuild v1: statistics in 0.1 s"}']);
  });

  it('hands over a byte array that owns its buffer without a copy, and copies a view into a shared one', async () => {
    const received: Uint8Array[] = [];
    const { call } = connect({ command: async (bytes: Uint8Array) => void received.push(bytes) });
    const owned = new TextEncoder().encode('id\tname\n');
    await call('store', 'command', [owned]);
    expect(owned.byteLength).toBe(0); // detached: its memory went with the message
    // Node's small Buffers are views into one pooled buffer, which other Buffers share.
    const pooled = Buffer.from('a\tb\n');
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    await call('store', 'command', [pooled]);
    expect(pooled.toString()).toBe('a\tb\n');
    expect(received.map((bytes) => new TextDecoder().decode(bytes))).toEqual(['id\tname\n', 'a\tb\n']);
  });
});
