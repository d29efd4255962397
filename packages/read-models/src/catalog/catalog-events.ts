import type {
  FornecedorEvent,
  InsumoCatalogEvent,
  MovimentoEstornado,
  MovimentoRegistrado,
  ProdutoEvent,
} from '@factory/domain';
import type { RecordedEvent } from '@factory/event-store';
import { companyReader } from '../projector/event-company.js';

/**
 * What the catalog projection handles: the catalog's own events and the stock movements, whose
 * after-states give an item's balance and averages and, through them, the bill costs. One
 * projection with one checkpoint orders both, so a replay meets them in the same order.
 */
export const CATALOG_EVENTS = [
  'ProdutoCadastrado.v1',
  'ProdutoAlterado.v1',
  'ProdutoExcluido.v1',
  'FichaDefinida.v1',
  'FichaDesativada.v1',
  'InsumoCadastrado.v1',
  'InsumoAlterado.v1',
  'InsumoExcluido.v1',
  'FornecedorCadastrado.v1',
  'FornecedorAlterado.v1',
  'FornecedorExcluido.v1',
  'MovimentoRegistrado.v1',
  'MovimentoEstornado.v1',
] as const;

export type CatalogEvent =
  | ProdutoEvent
  | InsumoCatalogEvent
  | FornecedorEvent
  | MovimentoRegistrado
  | MovimentoEstornado;

/** A handled event with its company, read once from the stream name. */
export type CatalogRecorded = RecordedEvent<CatalogEvent> & { empresaId: string };

/**
 * The batch with each event's company (see event-company.ts). The copy names its fields: an
 * object spread of each event cost the projector 2.7 % of its CPU in a catch-up, a literal about
 * a thirtieth of that (docs/benchmarks.md).
 */
export function withCompany(events: readonly RecordedEvent[]): CatalogRecorded[] {
  const companyOf = companyReader();
  return events.map((event) => {
    // Typed as the port's event, so that a field the port adds and this copy misses fails to build.
    const copy: RecordedEvent & { empresaId: string } = {
      id: event.id,
      stream: event.stream,
      revision: event.revision,
      position: event.position,
      checkpoint: event.checkpoint,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
      created: event.created,
      empresaId: companyOf(event),
    };
    return copy as CatalogRecorded;
  });
}

/** Map key of a company's record. */
export const keyOf = (empresaId: string, id: string): string => `${empresaId}|${id}`;

/** The later of two event instants (ISO 8601 with any offset); `a` on a tie, so folds are stable. */
export function latest(a: string | null, b: string): string {
  if (a === null) return b;
  return Date.parse(b) > Date.parse(a) ? b : a;
}
