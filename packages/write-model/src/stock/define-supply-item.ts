import {
  hasMovements,
  type InsumoDefinido,
  type StockError,
  type StockEvent,
  type StockState,
  stockDecider,
} from '@factory/domain';
import type { Decider } from '../decider.js';
import { eventIdsFor } from '../event-ids.js';
import { handleCommand } from '../handle-command.js';
import { streamCommand } from '../stream-command.js';
import { isoInstant, metadataOf, type WriteContext } from '../write-context.js';
import type { StockDeps } from './stock-deps.js';
import { stockStream } from './stock-stream.js';

/** What the stock decider needs to know of a supply item (decimals as text). */
export interface SupplyItemDefinition {
  empresaId: string;
  insumoId: string;
  sku: string;
  unidadeCompra: string;
  unidadeConsumo: string;
  fatorConversao: string;
  custoReferencia: string | null;
  now: Date;
}

type DefinirInsumo = { type: 'DefinirInsumo'; data: InsumoDefinido['data'] };

/**
 * Shortcut until the catalog lands: an internal command (no HTTP route) that appends
 * `InsumoDefinido.v1` to the item's stream, for tests and seeds. It keeps the one rule of the
 * specification that concerns the stream: units and factor cannot change once the item has
 * movements. Throws on a refusal.
 */
export async function defineSupplyItem(
  deps: StockDeps,
  item: SupplyItemDefinition,
): Promise<{ position: number }> {
  if (!(Number(item.fatorConversao) > 0)) throw new RangeError('fatorConversao must be a decimal > 0');
  const context: WriteContext = {
    empresaId: item.empresaId,
    tokenId: null,
    requestId: null,
    idempotencyKey: null,
    now: item.now,
  };
  const command: DefinirInsumo = {
    type: 'DefinirInsumo',
    data: {
      insumo_id: item.insumoId,
      sku: item.sku,
      unidade_compra: item.unidadeCompra,
      unidade_consumo: item.unidadeConsumo,
      fator_conversao: item.fatorConversao,
      custo_referencia: item.custoReferencia,
      definido_em: isoInstant(item.now),
    },
  };
  const result = await handleCommand(
    deps.store,
    streamCommand(
      deps.handler(definitionDecider),
      { stream: stockStream(item.empresaId, item.insumoId), command },
      { eventId: eventIdsFor(context), metadata: metadataOf(context), created: item.now },
    ),
    deps.contention,
  );
  if (result.kind !== 'appended') throw new Error(`supply item definition refused: ${describe(result)}`);
  return { position: result.position };
}

const definitionDecider: Decider<StockState, DefinirInsumo, StockEvent, StockError> = {
  decide(command, state) {
    const { item } = state;
    const next = command.data;
    const unitsChange =
      item !== null &&
      (item.unidadeCompra !== next.unidade_compra ||
        item.unidadeConsumo !== next.unidade_consumo ||
        item.fatorConversao !== next.fator_conversao);
    if (unitsChange && hasMovements(state))
      return {
        ok: false,
        error: {
          kind: 'conflict',
          mensagem: 'unidades e fator de conversão não mudam depois do primeiro movimento',
        },
      };
    return { ok: true, events: [{ type: 'InsumoDefinido.v1', data: next }] };
  },
  evolve: stockDecider.evolve,
  initialState: stockDecider.initialState,
};

const describe = (result: { kind: string; error?: StockError }) =>
  result.error ? result.error.mensagem : result.kind;
