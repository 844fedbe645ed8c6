/** An event waiting in the telemetry buffer, in the form it is published in. */
export interface HeldEvent {
  topic: string;
  /** The event id: messages are keyed by the id of their first event. */
  key: string;
  /** The event as JSON. */
  value: string;
  /**
   * UTF-8 bytes of key and value: what the event takes on the wire, and more than its strings
   * take in memory (V8 stores a UTF-16 unit in one or two bytes, UTF-8 needs one to three).
   */
  bytes: number;
}

export function heldEvent(topic: string, event: { event_id: string }): HeldEvent {
  const value = JSON.stringify(event);
  return { topic, key: event.event_id, value, bytes: Buffer.byteLength(event.event_id, 'utf8') + Buffer.byteLength(value, 'utf8') };
}

export const bytesOf = (event: HeldEvent) => event.bytes;
