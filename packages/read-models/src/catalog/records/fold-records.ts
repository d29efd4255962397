import { type CatalogRecorded, keyOf, latest } from '../catalog-events.js';
import { FORNECEDORES, INSUMOS, PRODUTOS, type RecordKind } from './record-kinds.js';

/** One record's changes in a batch, as column values. */
export interface RecordChange {
  empresa_id: string;
  id: string;
  /** Set when the batch created the record: then `values` holds every column. */
  criado_em: string | null;
  values: Record<string, unknown>;
  /** The columns the batch set (all of them on creation). */
  campos: string[];
  /** The latest instant at which a shown value changed; null when none did. */
  tocado_em: string | null;
  excluido_em: string | null;
}

export interface RecordChanges {
  kind: RecordKind;
  changes: RecordChange[];
}

type Step =
  | { kind: RecordKind; id: string; at: string; full: Record<string, unknown> }
  | { kind: RecordKind; id: string; at: string; patch: Record<string, unknown> }
  | { kind: RecordKind; id: string; at: string; deleted: true };

/** What a catalog record event does to its row; null for the events that are not record events. */
function stepOf(event: CatalogRecorded): Step | null {
  switch (event.type) {
    case 'ProdutoCadastrado.v1': {
      const { produto_id: id, cadastrado_em: at, ...full } = event.data;
      return { kind: PRODUTOS, id, at, full };
    }
    case 'ProdutoAlterado.v1':
      return {
        kind: PRODUTOS,
        id: event.data.produto_id,
        at: event.data.alterado_em,
        patch: event.data.alteracoes,
      };
    case 'ProdutoExcluido.v1':
      return { kind: PRODUTOS, id: event.data.produto_id, at: event.data.excluido_em, deleted: true };
    case 'InsumoCadastrado.v1': {
      const { insumo_id: id, cadastrado_em: at, ...full } = event.data;
      return { kind: INSUMOS, id, at, full };
    }
    case 'InsumoAlterado.v1':
      return {
        kind: INSUMOS,
        id: event.data.insumo_id,
        at: event.data.alterado_em,
        patch: event.data.alteracoes,
      };
    case 'InsumoExcluido.v1':
      return { kind: INSUMOS, id: event.data.insumo_id, at: event.data.excluido_em, deleted: true };
    case 'FornecedorCadastrado.v1': {
      const { fornecedor_id: id, cadastrado_em: at, ...full } = event.data;
      return { kind: FORNECEDORES, id, at, full };
    }
    case 'FornecedorAlterado.v1':
      return {
        kind: FORNECEDORES,
        id: event.data.fornecedor_id,
        at: event.data.alterado_em,
        patch: event.data.alteracoes,
      };
    case 'FornecedorExcluido.v1':
      return { kind: FORNECEDORES, id: event.data.fornecedor_id, at: event.data.excluido_em, deleted: true };
    default:
      return null;
  }
}

/**
 * The evolve-like half of the record tables, pure: folds a batch (log order) into one change
 * per record. A record event moves `atualizado_em` exactly when it changes a shown column. The
 * deciders record only fields that changed, so that is "the event has a shown column". Each
 * event decides this on its own, so the result does not depend on where batches split.
 */
export function foldRecords(events: readonly CatalogRecorded[]): RecordChanges[] {
  const byKind = new Map<RecordKind, Map<string, RecordChange>>(
    [PRODUTOS, INSUMOS, FORNECEDORES].map((kind) => [kind, new Map()]),
  );
  for (const event of events) {
    const step = stepOf(event);
    if (step === null) continue;
    const records = byKind.get(step.kind)!;
    const key = keyOf(event.empresaId, step.id);
    let change = records.get(key);
    if (change === undefined) {
      change = {
        empresa_id: event.empresaId,
        id: step.id,
        criado_em: null,
        values: {},
        campos: [],
        tocado_em: null,
        excluido_em: null,
      };
      records.set(key, change);
    }
    if ('deleted' in step) {
      change.excluido_em ??= step.at;
      change.tocado_em = latest(change.tocado_em, step.at);
      continue;
    }
    const columns = step.kind.toColumns('full' in step ? step.full : step.patch);
    if ('full' in step) change.criado_em = step.at;
    if (Object.keys(columns).length === 0) continue; // only fields that are never shown
    Object.assign(change.values, columns);
    change.campos = [...new Set([...change.campos, ...Object.keys(columns)])];
    change.tocado_em = latest(change.tocado_em, step.at);
  }
  return [...byKind].map(([kind, records]) => ({
    kind,
    changes: [...records.values()].filter((c) => c.criado_em !== null || c.tocado_em !== null),
  }));
}
