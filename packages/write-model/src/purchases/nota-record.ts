import {
  evolveNota,
  initialNotaState,
  type NotaCancelada,
  type NotaEvent,
  type NotaRecebida,
  type NotaState,
} from '@factory/domain';
import { withId } from './event-ids-of.js';

/** One receipt as its answer shows it: what was received and, once cancelled, the cancellation. */
export interface RecordedNota {
  recebida: NotaRecebida['data'];
  cancelada: NotaCancelada['data'] | null;
}

/**
 * An access key's stream folded for the writes: the domain's state (check 6, cancellation) and
 * every receipt's recorded facts, for the answers.
 */
export interface NotaRecord {
  state: NotaState;
  receipts: ReadonlyMap<string, RecordedNota>;
  /** Every event's id (a command retried with its key finds its own write by it). */
  eventIds: ReadonlySet<string>;
}

export const initialNotaRecord = (): NotaRecord => ({
  state: initialNotaState(),
  receipts: new Map(),
  eventIds: new Set(),
});

export function evolveNotaRecord(record: NotaRecord, event: NotaEvent & { id?: string }): NotaRecord {
  const state = evolveNota(record.state, event);
  const receipts = new Map(record.receipts);
  if (event.type === 'NotaRecebida.v1')
    receipts.set(event.data.nota_id, { recebida: event.data, cancelada: null });
  if (event.type === 'NotaCancelada.v1') {
    const receipt = receipts.get(event.data.nota_id);
    if (receipt) receipts.set(event.data.nota_id, { ...receipt, cancelada: event.data });
  }
  return { state, receipts, eventIds: withId(record.eventIds, event.id) };
}

export const notaFold = { initialState: initialNotaRecord, evolve: evolveNotaRecord };
