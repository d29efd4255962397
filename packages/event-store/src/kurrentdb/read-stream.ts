import type { EventShape, ReadStreamOptions, RecordedEvent } from '../event-store.js';
import type { KurrentConnection } from './connection.js';
import { toRecordedEvent } from './recorded-event.js';

export async function readStream<E extends EventShape = EventShape>(
  { kurrent, client }: KurrentConnection,
  stream: string,
  options: ReadStreamOptions = {},
): Promise<RecordedEvent<E>[]> {
  const events: RecordedEvent<E>[] = [];
  try {
    const read = client.readStream(stream, {
      fromRevision: BigInt(options.fromRevision ?? 0),
      direction: kurrent.FORWARDS,
      ...(options.limit === undefined ? {} : { maxCount: options.limit }),
    });
    for await (const resolved of read)
      if (resolved.event) events.push(toRecordedEvent(resolved.event) as RecordedEvent<E>);
  } catch (error) {
    // A stream that does not exist reads as empty, as in PostgreSQL.
    if (error instanceof kurrent.StreamNotFoundError) return [];
    throw error;
  }
  return events;
}
