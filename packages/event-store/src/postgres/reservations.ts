import { createHash } from 'node:crypto';
import { UniquenessConflictError } from '../errors.js';
import type { RecordedEvent, StreamAppend } from '../event-store.js';
import { streamName } from '../stream-name.js';
import type { UniqueKey, UniquenessChange } from '../write-side.js';

// Uniqueness claimed in the log itself, as an adapter without our tables (KurrentDB) must: one
// reservation stream per key, whose last event says who holds it. A claim appends
// `ChaveReservada.v1` with the expected revision "no stream" (never claimed) or that of the
// release it follows; a release appends `ChaveLiberada.v1` at the holder's claim. Both go in the
// write's own atomic append, so of two writes claiming one key exactly one is written: the other
// finds the stream moved, reads it again and is refused.
export const RESERVED = 'ChaveReservada.v1';
export const RELEASED = 'ChaveLiberada.v1';

export interface Reservation {
  key: UniqueKey;
  owner: string;
}

/** A reservation event's id, from the write's first event and the change: a retried write reproduces it. */
export function reservationEventId(firstId: string, change: UniquenessChange): string {
  const hex = createHash('sha1')
    .update(JSON.stringify([firstId, change.op, change.key.scope, change.key.value]))
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function reservationStream(key: UniqueKey): string {
  const hex = createHash('sha1').update(`${key.scope}\0${key.value}`).digest('hex');
  return streamName('reserva', key.empresaId, hex);
}

/**
 * The last event of each key's reservation stream (none: never claimed), read with `lastOf` (each
 * stream's last event, in the order given) at once: reading them together is as safe as one by
 * one, since the append that follows expects each stream's revision read, whenever it was read.
 */
export async function reservationHolders(
  changes: readonly UniquenessChange[],
  lastOf: (streams: readonly string[]) => Promise<readonly (RecordedEvent | undefined)[]>,
): Promise<Map<string, RecordedEvent | undefined>> {
  const streams = [...new Set(changes.map((change) => reservationStream(change.key)))];
  if (streams.length === 0) return new Map();
  const last = await lastOf(streams);
  return new Map(streams.map((s, i) => [s, last[i]]));
}

/**
 * The reservation streams' part of a write, from each key's last event: nothing for a claim the
 * owner already holds or a release of a key it does not hold; UniquenessConflictError for a
 * key another owner holds.
 */
export function reservationAppends(
  changes: readonly UniquenessChange[],
  lastOf: ReadonlyMap<string, RecordedEvent | undefined>,
  eventId: (change: UniquenessChange) => string,
): StreamAppend[] {
  const taken: UniqueKey[] = [];
  const appends: StreamAppend[] = [];
  for (const change of changes) {
    const stream = reservationStream(change.key);
    const last = lastOf.get(stream);
    const holder = last?.type === RESERVED ? (last.data as Reservation).owner : null;
    const expectedRevision = last === undefined ? ('no_stream' as const) : last.revision;
    const event = (type: string) => ({
      id: eventId(change),
      type,
      data: { key: change.key, owner: change.owner } satisfies Reservation,
      metadata: { empresa_id: change.key.empresaId },
    });
    if (change.op === 'claim') {
      if (holder === change.owner) continue;
      if (holder !== null) taken.push(change.key);
      else appends.push({ stream, expectedRevision, events: [event(RESERVED)] });
    } else if (holder === change.owner) appends.push({ stream, expectedRevision, events: [event(RELEASED)] });
  }
  if (taken.length > 0) throw new UniquenessConflictError([...new Set(taken.map((k) => k.scope))], taken);
  return appends;
}
