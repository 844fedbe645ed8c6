/**
 * Publishes one topic's batch of held events, packed as JSON arrays of events per message
 * (ingest reads single events and packets alike). When the event log refuses a publish as too
 * large, the batch is split in halves and each half sent on its own; an event refused even alone
 * goes to the dead-letter topic with the reason, so one event never holds up the others. Halves
 * may repeat events the log had appended from the refused publish: ingest keys rows by event id,
 * so a repeat adds no row.
 */
import { MessageTooLargeError, sendUnpublishedToDeadLetter, type EventLog, type Logger } from '@ust/platform';
import type { HeldEvent } from './held-event.js';

/** Most bytes of events packed into one message (a single larger event travels alone). */
const MAX_MESSAGE_BYTES = 256 * 1024;

export interface PublishHeldOptions {
  events: EventLog;
  deadLetterTopic: string;
  /** Most events per message. */
  eventsPerMessage: number;
  log: Pick<Logger, 'warn' | 'error'>;
}

export interface PublishOutcome {
  /** Events the log acknowledged. */
  published: number;
  /** Events the log refused even alone, now on the dead-letter topic. */
  deadLettered: number;
  /** Events refused by their topic and by the dead-letter topic alike: logged, then let go. */
  lost: number;
  /** Events not sent because the log was unreachable, in their order, for the front of the queue. */
  unsent: HeldEvent[];
  /** Why the log was unreachable, when `unsent` is not empty. */
  error?: unknown;
}

/** JSON arrays of up to `eventsPerMessage` events and MAX_MESSAGE_BYTES each. */
function packIntoMessages(batch: readonly HeldEvent[], eventsPerMessage: number): Array<{ key: string; value: string }> {
  const messages: Array<{ key: string; value: string }> = [];
  let packet: HeldEvent[] = [];
  let bytes = 0;
  const close = () => {
    if (packet.length) messages.push({ key: packet[0]!.key, value: `[${packet.map((event) => event.value).join(',')}]` });
    packet = [];
    bytes = 0;
  };
  for (const event of batch) {
    if (packet.length === eventsPerMessage || (packet.length > 0 && bytes + event.bytes > MAX_MESSAGE_BYTES)) close();
    packet.push(event);
    bytes += event.bytes + 1;
  }
  close();
  return messages;
}

export async function publishHeld(batch: readonly HeldEvent[], options: PublishHeldOptions): Promise<PublishOutcome> {
  const { events, deadLetterTopic, eventsPerMessage, log } = options;
  const outcome: PublishOutcome = { published: 0, deadLettered: 0, lost: 0, unsent: [] };
  // Parts still to send, in order: a refused part is replaced by its two halves.
  const parts: HeldEvent[][] = batch.length ? [[...batch]] : [];
  const unreachable = (part: HeldEvent[], error: unknown) => {
    outcome.unsent = [part, ...parts].flat();
    outcome.error = error;
    return outcome;
  };
  while (parts.length) {
    const part = parts.shift()!;
    const topic = part[0]!.topic;
    try {
      await events.publish(topic, packIntoMessages(part, eventsPerMessage));
      outcome.published += part.length;
      continue;
    } catch (error) {
      if (!(error instanceof MessageTooLargeError)) return unreachable(part, error);
      if (part.length > 1) {
        const middle = Math.ceil(part.length / 2);
        parts.unshift(part.slice(0, middle), part.slice(middle));
        continue;
      }
      const [event] = part as [HeldEvent];
      const reason = `refused by ${topic} even alone (${event.bytes} bytes): ${error.detail}`;
      try {
        await sendUnpublishedToDeadLetter(events, deadLetterTopic, topic, { key: event.key, value: event.value }, reason);
        outcome.deadLettered += 1;
        log.warn({ event_id: event.key, topic, deadLetterTopic, reason }, 'telemetry event dead-lettered: the event log refused it as too large');
      } catch (deadLetterError) {
        if (!(deadLetterError instanceof MessageTooLargeError)) return unreachable(part, deadLetterError);
        outcome.lost += 1;
        log.error(
          { event_id: event.key, topic, deadLetterTopic, bytes: event.bytes, reason },
          'telemetry event lost: too large for its topic and for the dead-letter topic',
        );
      }
    }
  }
  return outcome;
}
