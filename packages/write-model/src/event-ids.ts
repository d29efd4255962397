import { createHash, randomUUID } from 'node:crypto';

/** Fixed for ever: changing it would give a retried command new event ids. */
const NAMESPACE = Buffer.from('daa7b0f97be9460d8f5d756c79469674', 'hex');

/** A name-based (version 5 layout, SHA-1) uuid of `name` in our namespace. */
export function uuidV5(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The ids of one command's events, by index. With an idempotency key they derive from
 * (token, key, index), so a retry of the command carries the same ids and the log refuses to
 * hold it twice (invariant 3). Without one they are random. Either way each is made once per
 * index (the handler asks again on every attempt), so its own retries after a conflict keep them.
 */
export function eventIdsFor(source: { tokenId: string | null; idempotencyKey: string | null }) {
  const { tokenId, idempotencyKey } = source;
  const make =
    tokenId !== null && idempotencyKey !== null
      ? (index: number) => uuidV5(JSON.stringify([tokenId, idempotencyKey, index]))
      : () => randomUUID();
  const made = new Map<number, string>();
  return (index: number) => {
    let id = made.get(index);
    if (id === undefined) {
      id = make(index);
      made.set(index, id);
    }
    return id;
  };
}
