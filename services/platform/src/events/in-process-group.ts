import type { Logger } from '../logger.js';
import type { ConsumedMessage, SubscribeOptions } from '../ports/event-log.js';
import { retryBackoffMs } from './event-log-rules.js';
import type { PartitionLog } from './in-process-partition.js';

export interface GroupSettings {
  logger?: Logger;
  maxRetryBackoffMs: number;
  /** The partitions of a topic, creating the topic if it does not exist (like Kafka's auto-create). */
  partitionsOf(topic: string): readonly PartitionLog[];
}

/** A partition a member owns and the offset of the next message it will hand out. */
interface OwnedPartition {
  readonly log: PartitionLog;
  cursor: number;
}

/**
 * A consumer group of the in-process log: its committed offsets and its running members.
 * Rebalances are eager, like Kafka's classic protocol: every member gives up its partitions and
 * finishes its in-flight batch (which commits) before the partitions are dealt again, so the
 * next owner starts exactly after the last committed message.
 */
export class InProcessGroup {
  private readonly committed = new Map<string, Map<number, number>>();
  private members: readonly GroupMember[] = [];
  /** Members that left and are finishing their last batch. */
  private readonly stopping = new Set<Promise<void>>();
  private rebalances: Promise<void> = Promise.resolve();
  private joined = 0;

  constructor(
    readonly groupId: string,
    private readonly settings: GroupSettings,
  ) {}

  get runningMembers(): number {
    return this.members.length;
  }

  join(options: SubscribeOptions): GroupMember {
    this.joined += 1;
    const member = new GroupMember(this, `${this.groupId}-${this.joined}`, options, this.settings);
    this.members = [...this.members, member];
    void this.rebalance(Promise.resolve());
    return member;
  }

  /** Removes a member; resolves once its in-flight batch is done and the rest of the group rebalanced. */
  leave(member: GroupMember): Promise<void> {
    if (!this.members.includes(member)) return this.rebalances;
    this.members = this.members.filter((other) => other !== member);
    const stopped = member.stop();
    this.stopping.add(stopped);
    void stopped.finally(() => this.stopping.delete(stopped));
    return this.rebalance(stopped);
  }

  committedOffset(topic: string, partition: number): number | undefined {
    return this.committed.get(topic)?.get(partition);
  }

  commit(topic: string, partition: number, offset: number): void {
    let partitions = this.committed.get(topic);
    if (!partitions) this.committed.set(topic, (partitions = new Map()));
    partitions.set(partition, offset);
  }

  private rebalance(after: Promise<void>): Promise<void> {
    this.rebalances = this.rebalances.then(() => after).then(() => this.dealPartitions());
    return this.rebalances;
  }

  private async dealPartitions(): Promise<void> {
    // Nobody may hold a partition while it is dealt, including members that joined or left
    // while we waited: go round again until the membership stood still.
    for (;;) {
      const before = this.members;
      await Promise.all([...before.map((member) => member.revoke()), ...this.stopping]);
      if (before === this.members) break;
    }
    // Round-robin over every partition of every subscribed topic, in a stable order, each
    // partition going to the next member (in join order) that subscribes to its topic.
    const members = [...this.members];
    const topics = [...new Set(members.flatMap((member) => member.topics))].sort();
    const owned = new Map<GroupMember, OwnedPartition[]>(members.map((member) => [member, []]));
    let turn = 0;
    for (const topic of topics) {
      const candidates = members.filter((member) => member.topics.includes(topic));
      for (const log of this.settings.partitionsOf(topic)) {
        const member = candidates[turn % candidates.length]!;
        turn += 1;
        const committed = this.committedOffset(topic, log.partition);
        const cursor = committed ?? (member.fromBeginning ? log.firstOffset : log.nextOffset);
        owned.get(member)!.push({ log, cursor });
      }
    }
    for (const [member, partitions] of owned) member.assign(partitions);
  }
}

/** One subscription's consumer: hands its partitions' messages to `handleBatch`, one batch at a time. */
export class GroupMember {
  readonly topics: readonly string[];
  readonly fromBeginning: boolean;
  readonly ready: Promise<void>;
  private markReady!: () => void;
  private failReady!: (error: Error) => void;
  private isReady = false;
  private owned: OwnedPartition[] = [];
  /** Bumped whenever the member loses its partitions, so a batch being retried notices. */
  private generation = 0;
  private turn = 0;
  private running = true;
  private inFlight: Promise<void> | null = null;
  private woken = false;
  private wakeLoop: (() => void) | null = null;
  private cutBackoffShort: (() => void) | null = null;
  private readonly loop: Promise<void>;

  constructor(
    private readonly group: InProcessGroup,
    readonly memberId: string,
    private readonly options: SubscribeOptions,
    private readonly settings: GroupSettings,
  ) {
    this.topics = [...options.topics];
    this.fromBeginning = options.fromBeginning ?? false;
    this.ready = new Promise<void>((resolve, reject) => {
      this.markReady = resolve;
      this.failReady = reject;
    });
    // A caller that never awaits `ready` must not see an unhandled rejection when it closes early.
    this.ready.catch(() => {});
    this.loop = this.consume();
  }

  /** New messages may be waiting (called after a publish) or the assignment changed. */
  wake(): void {
    this.woken = true;
    const wake = this.wakeLoop;
    this.wakeLoop = null;
    wake?.();
  }

  /** Gives up every partition; resolves once the batch being handled (if any) is finished. */
  revoke(): Promise<void> {
    this.generation += 1;
    this.owned = [];
    this.cutBackoffShort?.();
    return this.inFlight ?? Promise.resolve();
  }

  assign(partitions: OwnedPartition[]): void {
    this.owned = partitions;
    this.turn = 0;
    if (!this.isReady) {
      this.isReady = true;
      this.markReady();
    }
    this.wake();
  }

  /** Stops the loop after the in-flight batch; resolves when it has stopped. */
  stop(): Promise<void> {
    this.running = false;
    if (!this.isReady) this.failReady(new Error(`Consumer ${this.memberId} was closed before it was assigned partitions`));
    void this.revoke();
    this.wake();
    return this.loop;
  }

  private async consume(): Promise<void> {
    // Handlers never run inside the caller's subscribe() or publish(): start on a later turn.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.running) {
      this.woken = false;
      const next = this.nextBatch();
      if (!next) {
        if (!this.woken) await new Promise<void>((resolve) => (this.wakeLoop = resolve));
        continue;
      }
      this.inFlight = this.deliver(next.partition, next.messages);
      await this.inFlight;
      this.inFlight = null;
    }
  }

  /** The next batch, taking partitions in turn so that a busy one does not starve the others. */
  private nextBatch(): { partition: OwnedPartition; messages: ConsumedMessage[] } | undefined {
    const count = this.owned.length;
    const maxBatchSize = this.options.maxBatchSize ?? 500;
    for (let i = 0; i < count; i += 1) {
      const partition = this.owned[(this.turn + i) % count]!;
      if (partition.cursor >= partition.log.nextOffset) continue;
      this.turn = (this.turn + i + 1) % count;
      return { partition, messages: partition.log.read(partition.cursor, maxBatchSize) };
    }
    return undefined;
  }

  /** Hands one batch to the handler until it succeeds (then commits) or the partition is taken away. */
  private async deliver(partition: OwnedPartition, batch: ConsumedMessage[]): Promise<void> {
    const generation = this.generation;
    const { log } = partition;
    let messages = batch;
    for (let failures = 1; ; failures += 1) {
      try {
        await this.options.handleBatch({ topic: log.topic, partition: log.partition, messages });
        const after = Number(messages[messages.length - 1]!.offset) + 1;
        this.group.commit(log.topic, log.partition, after);
        partition.cursor = after;
        return;
      } catch (error) {
        const backoffMs = retryBackoffMs(failures, this.settings.maxRetryBackoffMs);
        this.settings.logger?.warn(
          {
            err: error,
            groupId: this.group.groupId,
            topic: log.topic,
            partition: log.partition,
            offset: messages[0]!.offset,
            failures,
            backoffMs,
          },
          'handleBatch failed; nothing was committed and the batch will be delivered again',
        );
        // Lost the partition (rebalance or close): its next owner resumes from the committed offset.
        if (generation !== this.generation) return;
        await this.backoff(backoffMs);
        if (generation !== this.generation) return;
        // Read again rather than reuse: the handler may have changed the buffers it was given.
        messages = log.read(Number(messages[0]!.offset), messages.length);
        if (messages.length === 0) return;
      }
    }
  }

  private backoff(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.cutBackoffShort = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.cutBackoffShort = done;
    });
  }
}
