import type { MovimentoEstornado, MovimentoRegistrado } from '@factory/domain';
import { findMovement } from './movement-index.js';
import type { MovementOutcome } from './movement-outcome.js';
import type { StockDeps } from './stock-deps.js';
import { stockStream } from './stock-stream.js';

/** A movement already in the log, read back through its index entry, as the first answer had it. */
export async function readRecordedMovement(
  deps: StockDeps,
  empresaId: string,
  movimentoId: string,
): Promise<MovementOutcome> {
  const indexed = await findMovement(deps, empresaId, movimentoId);
  if (indexed === null) throw new Error(`movement ${movimentoId} is in its stream but not indexed`);
  const [event] = await deps.store.readStream<MovimentoRegistrado | MovimentoEstornado>(
    stockStream(empresaId, indexed.insumoId),
    { fromRevision: indexed.revision, limit: 1 },
  );
  if (event === undefined || event.id !== movimentoId)
    throw new Error(`movement ${movimentoId} is not at revision ${indexed.revision} of its stream`);
  return { ok: true, movimento: event.data, position: event.position, replayed: true };
}
