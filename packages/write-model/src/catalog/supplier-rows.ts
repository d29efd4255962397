import type { FornecedorEvent, FornecedorState } from '@factory/domain';
import type { UniquenessChange, WriteSideRow } from '@factory/event-store';
import type { AppendedEvent } from '../stream-command.js';

/**
 * The write-side rows of a supplier's events: its tax id (CNPJ or CPF digits) among the
 * company's non-deleted suppliers, which batches match items by. A supplier holds one tax id: a
 * change records the new one and clears the other kind.
 */
export function supplierRows(
  empresaId: string,
  events: readonly AppendedEvent<FornecedorEvent>[],
): WriteSideRow[] {
  return events.flatMap((event): WriteSideRow[] => {
    const base = {
      kind: 'supplier' as const,
      eventId: event.id,
      empresaId,
      fornecedorId: event.data.fornecedor_id,
    };
    switch (event.type) {
      case 'FornecedorCadastrado.v1':
        return [{ ...base, create: true, documento: documentOf(event.data) }];
      case 'FornecedorAlterado.v1': {
        const { alteracoes } = event.data;
        if (!Object.hasOwn(alteracoes, 'cnpj') && !Object.hasOwn(alteracoes, 'cpf')) return [];
        return [{ ...base, documento: documentOf(alteracoes) }];
      }
      case 'FornecedorExcluido.v1':
        return [{ ...base, excluidoEm: event.data.excluido_em }];
      default: {
        const unhandled: never = event;
        throw new Error(`supplier rows: unknown event ${(unhandled as { type: string }).type}`);
      }
    }
  });
}

/** The tax id a supplier's events claim and release, from the state they were decided on. */
export function supplierKeys(
  empresaId: string,
  events: readonly FornecedorEvent[],
  decidedOn: FornecedorState,
): UniquenessChange[] {
  let held = decidedOn.excluidoEm === null && decidedOn.fornecedor ? documentOf(decidedOn.fornecedor) : null;
  const changes: UniquenessChange[] = [];
  const key = (value: string) => ({ scope: 'fornecedor_documento' as const, empresaId, value });
  for (const event of events) {
    const owner = event.data.fornecedor_id;
    let next = held;
    if (event.type === 'FornecedorCadastrado.v1') next = documentOf(event.data);
    else if (event.type === 'FornecedorExcluido.v1') next = null;
    else if (Object.hasOwn(event.data.alteracoes, 'cnpj') || Object.hasOwn(event.data.alteracoes, 'cpf'))
      next = documentOf(event.data.alteracoes);
    if (next === held) continue;
    if (held !== null) changes.push({ op: 'release', key: key(held), owner });
    if (next !== null) changes.push({ op: 'claim', key: key(next), owner });
    held = next;
  }
  return changes;
}

const documentOf = (d: { cnpj?: string | null; cpf?: string | null }): string | null =>
  d.cnpj ?? d.cpf ?? null;
