import {
  type EventMetadata,
  type EventStore,
  type StreamAppend,
  type StreamRevision,
  streamName,
} from '@factory/event-store';

/**
 * The company's catalog relations fence: every write whose decision reads relations between
 * records (bills, deletions, variation groups) appends one event to this stream at the revision
 * it read before reading its facts. Of two such writes deciding on the same facts, the second
 * to append finds the fence moved and decides afresh, so two PUTs cannot close a cycle together
 * and a bill cannot gain a component while it is deleted. It serialises these writes through the
 * log itself, whatever the adapter (a lock of one database would not).
 */
export const fenceStream = (empresaId: string) => streamName('relacoes', empresaId, empresaId);

export const FENCE_EVENT = 'RelacoesDoCatalogoDecididas.v1';

/** The fence's revisions seen by this process, so a read fetches only the events after them. */
export function createFenceReader(store: EventStore) {
  const known = new Map<string, number>();
  return {
    async revision(empresaId: string): Promise<StreamRevision> {
      const stream = fenceStream(empresaId);
      const last = known.get(stream);
      const read = await store.readStream(stream, { fromRevision: last === undefined ? 0 : last + 1 });
      const revision = read.at(-1)?.revision ?? last;
      if (revision !== undefined) known.set(stream, revision);
      return revision ?? 'no_stream';
    },
  };
}

export type FenceReader = ReturnType<typeof createFenceReader>;

/** The fence's part of a write: one event at the revision read, with the write's metadata and time. */
export const fenceAppend = (
  empresaId: string,
  expectedRevision: StreamRevision,
  event: { id: string; metadata: EventMetadata; created: Date },
  decided: { comando: string; stream: string },
): StreamAppend => ({
  stream: fenceStream(empresaId),
  expectedRevision,
  events: [{ ...event, type: FENCE_EVENT, data: decided }],
});
