import type { Pool } from '@factory/database';
import type { FornecedorEvent } from '@factory/domain';
import type { InlineProjection } from '@factory/event-store';
import type { AppendedEvent } from '../../stream-command.js';
import { catalogEvent } from './catalog-event.js';

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

const given = (value: unknown) => value !== undefined;

export const suppliersTable: InlineProjection<SupplierRow> = {
  name: 'catalog_suppliers',
  order: 'log',
  uniqueConstraints: { catalog_suppliers_documento: 'fornecedor_documento' },
  rowsOf(recorded) {
    const found = catalogEvent<FornecedorEvent>(recorded, SUPPLIER_EVENTS);
    const row = found && supplierRowOf(found.empresaId, found.event);
    return row ? [row] : [];
  },
  write([row]) {
    if (row === undefined) throw new Error('catalog_suppliers: one row per write');
    if (row.create)
      return {
        text: `INSERT INTO catalog_suppliers (fornecedor_id, empresa_id, documento) VALUES ($1, $2, $3)
               ON CONFLICT (fornecedor_id) DO NOTHING`,
        values: [row.fornecedorId, row.empresaId, row.documento ?? null],
      };
    return {
      text: `UPDATE catalog_suppliers
                SET documento = CASE WHEN $3::boolean THEN $4 ELSE documento END,
                    excluido_em = coalesce($5::timestamptz, excluido_em)
              WHERE fornecedor_id = $1 AND empresa_id = $2`,
      values: [
        row.fornecedorId,
        row.empresaId,
        given(row.documento),
        row.documento ?? null,
        row.excluidoEm ?? null,
      ],
    };
  },
};

/** The company's non-deleted supplier holding this tax id, if any. */
export async function supplierHoldingDocument(
  db: Pool,
  empresaId: string,
  documento: string | null,
): Promise<string | null> {
  const { rows } = await db.query<{ owner: string }>(
    `SELECT fornecedor_id AS owner FROM catalog_suppliers
      WHERE empresa_id = $1 AND documento = $2 AND excluido_em IS NULL`,
    [empresaId, documento],
  );
  return rows[0]?.owner ?? null;
}
