/**
 * The Kafka adapter's idempotent producer, replaced by a new one after the broker refused
 * records. kafkajs sends one produce request per broker for all partitions of a publish and,
 * when the broker refuses one partition's batch, rolls back the sequence numbers of every
 * partition in the request, including those the broker appended. The next batch to such a
 * partition then reuses sequence numbers the broker has seen and is refused as out of order,
 * for good. A new producer gets a new producer id from the broker, whose sequences start afresh;
 * the replaced one is disconnected once its sends in flight have settled.
 */
import type { Kafka, Producer, ProducerConfig, ProducerRecord } from 'kafkajs';
import { MessageTooLargeError } from './event-log-rules.js';

/** The broker's answers that mean the records were too large for the topic. */
const TOO_LARGE = new Set(['MESSAGE_TOO_LARGE', 'RECORD_LIST_TOO_LARGE']);

interface KafkaProtocolError {
  name: string;
  type?: string;
  retriable?: boolean;
}

/**
 * True for a partition error the broker answered and kafkajs does not retry: the request
 * reached the broker, so other partitions of it may have been appended.
 */
function refusedByBroker(error: unknown): error is KafkaProtocolError & Error {
  const { name, retriable } = (error ?? {}) as KafkaProtocolError;
  return name === 'KafkaJSProtocolError' && retriable === false;
}

interface Generation {
  producer: Producer;
  connected: Promise<Producer> | undefined;
  sending: number;
  replaced: boolean;
}

export class ReplaceableProducer {
  private current: Generation;
  private readonly live = new Set<Generation>();

  constructor(
    private readonly kafka: Kafka,
    private readonly config: ProducerConfig,
  ) {
    this.current = this.newGeneration();
  }

  /** Sends a record; a refusal by the broker replaces the producer and is thrown (MessageTooLargeError for size). */
  async send(record: ProducerRecord): Promise<void> {
    const generation = this.current;
    generation.sending += 1;
    try {
      const producer = await this.connect(generation);
      await producer.send(record);
    } catch (error) {
      if (!refusedByBroker(error)) throw error;
      if (generation === this.current) this.replace(generation);
      if (TOO_LARGE.has(error.type ?? '')) throw new MessageTooLargeError(record.topic, `${error.type}: ${error.message}`);
      throw error;
    } finally {
      generation.sending -= 1;
      if (generation.replaced && generation.sending === 0) this.disconnect(generation);
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.live].map((generation) => generation.producer.disconnect()));
    this.live.clear();
  }

  private newGeneration(): Generation {
    const generation: Generation = { producer: this.kafka.producer(this.config), connected: undefined, sending: 0, replaced: false };
    this.live.add(generation);
    return generation;
  }

  /** Connects once, on first use; a failed attempt is retried by the next send. */
  private connect(generation: Generation): Promise<Producer> {
    return (generation.connected ??= generation.producer.connect().then(
      () => generation.producer,
      (error: unknown) => {
        generation.connected = undefined;
        throw error;
      },
    ));
  }

  private replace(generation: Generation): void {
    generation.replaced = true;
    this.current = this.newGeneration();
  }

  private disconnect(generation: Generation): void {
    this.live.delete(generation);
    void generation.producer.disconnect().catch(() => {});
  }
}
