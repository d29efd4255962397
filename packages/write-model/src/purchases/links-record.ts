import type { VinculoEvent, VinculoFornecedorDefinido } from '@factory/domain';

/** A supplier's saved link of one code, as its last definition recorded it. */
export type SavedLink = VinculoFornecedorDefinido['data'];

/** A supplier's links stream folded: its links by code. */
export interface LinksRecord {
  links: ReadonlyMap<string, SavedLink>;
  /** The id of the stream's last event (a retried command finds its own write by it). */
  lastEventId: string | null;
}

export const initialLinksRecord = (): LinksRecord => ({ links: new Map(), lastEventId: null });

export function evolveLinksRecord(record: LinksRecord, event: VinculoEvent & { id?: string }): LinksRecord {
  const links = new Map(record.links);
  if (event.type === 'VinculoFornecedorDefinido.v1') links.set(event.data.codigo, event.data);
  else links.delete(event.data.codigo);
  return { links, lastEventId: event.id ?? null };
}

export const linksFold = { initialState: initialLinksRecord, evolve: evolveLinksRecord };
