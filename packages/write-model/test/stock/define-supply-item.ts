import type { Pool } from '@factory/database';
import {
  hasMovements,
  type InsumoDefinido,
  type StockError,
  type StockEvent,
  type StockState,
  stockDecider,
} from '@factory/domain';
import type { Decider } from '../../src/decider.js';
import { eventIdsFor } from '../../src/event-ids.js';
import { handleCommand } from '../../src/handle-command.js';
import { stockSnapshots } from '../../src/stock/stock-snapshots.js';
import { stockStream } from '../../src/stock/stock-stream.js';
import { streamCommand } from '../../src/stream-command.js';
import { isoInstant, metadataOf, type WriteContext } from '../../src/write-context.js';
import { createWriteStore } from '../../src/write-store.js';

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
 * Test support (issue 21 §4): appends `InsumoDefinido.v1` to the item's stock stream without the
 * catalog, so stock tests and benches get an item in one append. Neither the service nor the seed
 * defines items this way (they go through the catalog's use cases), so the catalog does not know
 * such an item (no `catalog_supply_items` row). It keeps the one rule of the specification that
 * concerns the stream: units and factor cannot change once the item has movements. Throws on a
 * refusal.
 */
export async function defineSupplyItem(
  pool: Pool,
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
  const store = createWriteStore({ pool });
  const result = await handleCommand(
    store,
    streamCommand(
      { store, decider: definitionDecider, snapshots: stockSnapshots },
      { stream: stockStream(item.empresaId, item.insumoId), command },
      { eventId: eventIdsFor(context), metadata: metadataOf(context), created: item.now },
    ),
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
