// The streams a test writer appends to: each stream's folded state, revision and events.
import { randomUUID } from 'node:crypto';
import type { Decision } from '@factory/domain';
import { type EventShape, type EventStore, type StreamRevision, streamName } from '@factory/event-store';

interface Stream<S> {
  state: S;
  revision: StreamRevision;
  events: EventShape[];
}

export class Streams<S, E extends EventShape> {
  readonly #streams = new Map<string, Stream<S>>();
  /** One decision at a time per stream, so concurrent test writers never conflict. */
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(
    readonly options: { store: EventStore; empresaId: string; category: string; clock: () => Date },
    readonly initial: () => S,
    readonly evolve: (state: S, event: E) => S,
  ) {}

  *all(): Iterable<[string, S]> {
    for (const [id, stream] of this.#streams) yield [id, stream.state];
  }

  /** The stream's last revision: where an append from elsewhere continues it. */
  revision(id: string): StreamRevision {
    return this.#streams.get(id)?.revision ?? 'no_stream';
  }

  events(id: string): readonly EventShape[] {
    return this.#streams.get(id)?.events ?? [];
  }

  /** The active bills' graph (product → parts), from the bill events appended so far. */
  get bills(): Map<string, string[]> {
    const graph = new Map<string, string[]>();
    for (const [id, stream] of this.#streams) {
      const last = stream.events.filter((e) => e.type.startsWith('Ficha')).at(-1) as
        | {
            type: string;
            data: { linhas?: Array<{ insumo_id: string | null; componente_id: string | null }> };
          }
        | undefined;
      if (last?.type === 'FichaDefinida.v1')
        graph.set(
          id,
          last.data.linhas!.map((l) => (l.insumo_id ?? l.componente_id)!),
        );
    }
    return graph;
  }

  /** Decides against the stream's state and appends the events; throws on a refusal. */
  decide<D extends E>(id: string, decide: (state: S) => Decision<D>): Promise<D[]> {
    const run = (this.#queues.get(id) ?? Promise.resolve()).then(() => this.#decide(id, decide));
    this.#queues.set(
      id,
      run.catch(() => undefined),
    );
    return run;
  }

  async #decide<D extends E>(id: string, decide: (state: S) => Decision<D>): Promise<D[]> {
    let stream = this.#streams.get(id);
    if (!stream) {
      stream = { state: this.initial(), revision: 'no_stream', events: [] };
      this.#streams.set(id, stream);
    }
    const decision = decide(stream.state);
    if (!decision.ok) throw new Error(`command refused: ${JSON.stringify(decision.error)}`);
    if (decision.events.length === 0) return [];
    const { store, empresaId, category, clock } = this.options;
    const result = await store.appendToStream(
      streamName(category, empresaId, id),
      decision.events.map((event) => ({
        ...event,
        id: randomUUID(),
        metadata: { empresa_id: empresaId },
        created: clock(),
      })),
      { expectedRevision: stream.revision },
    );
    stream.revision = result.nextExpectedRevision;
    stream.state = decision.events.reduce(this.evolve, stream.state);
    stream.events.push(...decision.events);
    return decision.events;
  }
}
