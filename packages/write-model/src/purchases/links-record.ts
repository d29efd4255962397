import type { VinculoEvent, VinculoFornecedorDefinido } from '@factory/domain';
import { withId } from './event-ids-of.js';

/** A supplier's saved link of one code, as its last definition recorded it. */
export type SavedLink = VinculoFornecedorDefinido['data'];

/** A supplier's links stream folded: its links by code. */
export interface LinksRecord {
  links: ReadonlyMap<string, SavedLink>;
  /** Every event's id (a command retried with its key finds its own write by it). */
  eventIds: ReadonlySet<string>;
}

export const initialLinksRecord = (): LinksRecord => ({ links: new Map(), eventIds: new Set() });

export function evolveLinksRecord(record: LinksRecord, event: VinculoEvent & { id?: string }): LinksRecord {
  const links = new Map(record.links);
  if (event.type === 'VinculoFornecedorDefinido.v1') links.set(event.data.codigo, event.data);
  else links.delete(event.data.codigo);
  return { links, eventIds: withId(record.eventIds, event.id) };
}

export const linksFold = { initialState: initialLinksRecord, evolve: evolveLinksRecord };
