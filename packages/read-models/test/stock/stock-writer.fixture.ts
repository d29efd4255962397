// Produces stock events for tests and benchmarks the way the write side will: decide with the
// pure domain against the stream's state, append with the expected revision. Test support, kept
// out of the package's src and its build; import it by path.
import { randomUUID } from 'node:crypto';
import {
  decideStock,
  evolveStock,
  initialStockState,
  type StockCommand,
  type StockEvent,
  type StockState,
} from '@factory/domain';
import { type EventStore, type LogCheckpoint, streamName } from '@factory/event-store';

interface Stream {
  state: StockState;
  revision: number | 'no_stream';
}

export interface MoveOptions {
  tipo?: string;
  custo_unitario?: number | string | null;
  referencia?: string | null;
  motivo?: string | null;
  /** ISO instant; the writer's clock by default, as a command handler's `now`. */
  criado_em?: string;
  movimento_id?: string;
}

export class StockWriter {
  readonly #streams = new Map<string, Stream>();

  constructor(
    readonly store: EventStore,
    readonly empresaId: string,
    readonly clock: () => Date = () => new Date(),
  ) {}

  /** Appends InsumoDefinido.v1 (consumption unit `m`, purchase unit `rolo` of 50 m). */
  async defineItem(insumoId: string = randomUUID()): Promise<string> {
    await this.#append(insumoId, [
      {
        type: 'InsumoDefinido.v1',
        data: {
          insumo_id: insumoId,
          sku: `SKU-${insumoId.slice(0, 8)}`,
          unidade_compra: 'rolo',
          unidade_consumo: 'm',
          fator_conversao: '50',
          custo_referencia: '2.5',
          definido_em: this.clock().toISOString(),
        },
      },
    ]);
    return insumoId;
  }

  /** Registers a movement; returns its event (with the decided after-state). */
  async move(insumoId: string, localId: string, quantidade: number | string, options: MoveOptions = {}) {
    const quantity = Number(quantidade);
    return this.#decide(insumoId, {
      type: 'RegistrarMovimento',
      data: {
        movimento_id: options.movimento_id ?? randomUUID(),
        insumo_id: insumoId,
        local_id: localId,
        tipo: options.tipo ?? (quantity > 0 ? 'entrada_manual' : 'perda'),
        quantidade,
        custo_unitario: options.custo_unitario,
        referencia: options.referencia,
        motivo: options.motivo,
        origem: 'api',
        criado_em: options.criado_em ?? this.clock().toISOString(),
      },
    });
  }

  async reverse(insumoId: string, estornadoId: string, criado_em?: string) {
    return this.#decide(insumoId, {
      type: 'EstornarMovimento',
      data: {
        movimento_id: randomUUID(),
        insumo_id: insumoId,
        estornado_id: estornadoId,
        origem: 'api',
        criado_em: criado_em ?? this.clock().toISOString(),
      },
    });
  }

  /** The decided event, and where it landed in the log. */
  async #decide(insumoId: string, command: StockCommand) {
    const stream = this.#stream(insumoId);
    const decision = decideStock(command, stream.state);
    if (!decision.ok) throw new Error(`command refused: ${JSON.stringify(decision.error)}`);
    const checkpoint = await this.#append(insumoId, decision.events);
    return { ...decision.events[0]!, checkpoint };
  }

  async #append(insumoId: string, events: StockEvent[]): Promise<LogCheckpoint> {
    const stream = this.#stream(insumoId);
    const result = await this.store.appendToStream(
      streamName('estoque', this.empresaId, insumoId),
      events.map((event) => ({
        ...event,
        id: randomUUID(),
        metadata: { empresa_id: this.empresaId },
        created: this.clock(),
      })),
      { expectedRevision: stream.revision },
    );
    stream.revision = result.nextExpectedRevision;
    stream.state = events.reduce(evolveStock, stream.state);
    return result.lastCheckpoint;
  }

  #stream(insumoId: string): Stream {
    let stream = this.#streams.get(insumoId);
    if (!stream) {
      stream = { state: initialStockState(), revision: 'no_stream' };
      this.#streams.set(insumoId, stream);
    }
    return stream;
  }
}
