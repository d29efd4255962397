import type { Pool } from '@factory/database';
import type { FornecedorEvent } from '@factory/domain';
import type { InlineProjection } from '@factory/event-store';
import type { AppendedEvent } from '../../stream-command.js';
import { catalogEvent } from './catalog-event.js';
import { collapsedRecords } from './collapsed-records.js';
import { distinctRecords } from './distinct-records.js';

/**
 * `catalog_suppliers`: a supplier's tax id (CNPJ or CPF digits, unique among the company's
 * non-deleted suppliers), which batches match items by. `create` inserts the record. A supplier
 * holds one tax id: a change records the new one and clears the other kind.
 */
export interface SupplierRow {
  empresaId: string;
  fornecedorId: string;
  create?: boolean;
  documento?: string | null;
  excluidoEm?: string;
}

const SUPPLIER_EVENTS = new Set([
  'FornecedorCadastrado.v1',
  'FornecedorAlterado.v1',
  'FornecedorExcluido.v1',
]);

export const documentOf = (d: { cnpj?: string | null; cpf?: string | null }): string | null =>
  d.cnpj ?? d.cpf ?? null;

export function supplierRowOf(empresaId: string, event: AppendedEvent<FornecedorEvent>): SupplierRow | null {
  const base = { empresaId, fornecedorId: event.data.fornecedor_id };
  switch (event.type) {
    case 'FornecedorCadastrado.v1':
      return { ...base, create: true, documento: documentOf(event.data) };
    case 'FornecedorAlterado.v1': {
      const { alteracoes } = event.data;
      if (!Object.hasOwn(alteracoes, 'cnpj') && !Object.hasOwn(alteracoes, 'cpf')) return null;
      return { ...base, documento: documentOf(alteracoes) };
    }
    case 'FornecedorExcluido.v1':
      return { ...base, excluidoEm: event.data.excluido_em };
    default:
      return null;
  }
}

/** Changes of distinct suppliers written as one statement (see ProductChanges). */
export type SupplierChanges = readonly SupplierRow[];

// Creations insert (written again by a catch-up after a crash, a no-op), deleted already when the
// catch-up folds a deletion into them; changes set the tax id when they carry one (null included)
// and the deletion.
const WRITE = `WITH x AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::boolean[], $4::boolean[], $5::text[], $6::timestamptz[])
    AS x(fornecedor_id, empresa_id, creates, has_documento, documento, excluido_em)
),
created AS (
  INSERT INTO catalog_suppliers (fornecedor_id, empresa_id, documento, excluido_em)
  SELECT fornecedor_id, empresa_id, documento, excluido_em FROM x WHERE x.creates
  ON CONFLICT (fornecedor_id) DO NOTHING
)
UPDATE catalog_suppliers s
   SET documento = CASE WHEN x.has_documento THEN x.documento ELSE s.documento END,
       excluido_em = coalesce(x.excluido_em, s.excluido_em)
  FROM x
 WHERE NOT x.creates AND s.fornecedor_id = x.fornecedor_id AND s.empresa_id = x.empresa_id`;

export const suppliersTable: InlineProjection<SupplierChanges> = {
  name: 'catalog_suppliers',
  order: 'log',
  uniqueConstraints: { catalog_suppliers_documento: 'fornecedor_documento' },
  rowsOf(recorded) {
    const found = catalogEvent<FornecedorEvent>(recorded, SUPPLIER_EVENTS);
    const row = found && supplierRowOf(found.empresaId, found.event);
    return row ? [[row]] : [];
  },
  // A supplier that changes its tax id or is deleted frees the old one, which another may take in
  // the same batch: cleared first.
  collapse: (sets) =>
    collapsedRecords(sets, {
      recordOf: (row) => row.fornecedorId,
      creates: (row) => row.create === true,
      nullKeeps: ['excluidoEm'],
      frees: ({ empresaId, fornecedorId, documento, excluidoEm }) =>
        documento === undefined && excluidoEm === undefined
          ? null
          : {
              empresaId,
              fornecedorId,
              ...(documento === undefined ? {} : { documento: null }),
              ...(excluidoEm === undefined ? {} : { excluidoEm }),
            },
    }).map((rows) => rows.map((row) => [row])),
  write(sets) {
    const rows = distinctRecords('catalog_suppliers', sets, (row) => row.fornecedorId);
    return {
      text: WRITE,
      values: [
        rows.map((r) => r.fornecedorId),
        rows.map((r) => r.empresaId),
        rows.map((r) => r.create === true),
        rows.map((r) => r.documento !== undefined),
        rows.map((r) => r.documento ?? null),
        rows.map((r) => r.excluidoEm ?? null),
      ],
    };
  },
};

/** The company's non-deleted suppliers holding these tax ids: tax id -> supplier. */
export async function suppliersHoldingDocuments(
  db: Pool,
  empresaId: string,
  documentos: readonly (string | null)[],
): Promise<Map<string, string>> {
  const { rows } = await db.query<{ documento: string; owner: string }>(
    `SELECT documento, fornecedor_id AS owner FROM catalog_suppliers
      WHERE empresa_id = $1 AND documento = ANY ($2::text[]) AND excluido_em IS NULL`,
    [empresaId, documentos.filter((d) => d !== null)],
  );
  return new Map(rows.map((r) => [r.documento, r.owner]));
}
/** The company's non-deleted supplier holding this tax id, if any. */
export async function supplierHoldingDocument(
  db: Pool,
  empresaId: string,
  documento: string | null,
): Promise<string | null> {
  if (documento === null) return null;
  return (await suppliersHoldingDocuments(db, empresaId, [documento])).get(documento) ?? null;
}
