import type { Pool } from '@factory/database';
import {
  type FornecedorParaCompra,
  fornecedorDecider,
  type InsumoParaCompra,
  insumoDecider,
} from '@factory/domain';
import { supplierCodec, supplyItemCodec } from '../catalog/catalog-snapshots.js';
import { supplierStream } from '../catalog/catalog-streams.js';
import { loadStream } from '../load-stream.js';
import { stockStream } from '../stock/stock-stream.js';
import { isUuid } from '../uuid.js';
import type { PurchasesDeps } from './purchases-deps.js';

// What the purchases decisions read outside their own streams: the catalog's streams and the
// write side's tables, never a read model.

/** The company's supplier as an order reads it (null: none such, or not a uuid). */
export async function supplierForPurchase(
  deps: PurchasesDeps,
  empresaId: string,
  fornecedorId: unknown,
): Promise<FornecedorParaCompra | null> {
  if (typeof fornecedorId !== 'string' || !isUuid(fornecedorId)) return null;
  const loaded = await loadStream(
    deps.store,
    supplierCodec,
    fornecedorDecider,
    supplierStream(empresaId, fornecedorId.toLowerCase()),
  );
  const { fornecedor, excluidoEm } = loaded.state;
  if (fornecedor === null) return null;
  return {
    ativo: fornecedor.ativo,
    excluido: excluidoEm !== null,
    lead_time_dias: fornecedor.lead_time_dias,
    condicao_pagamento: fornecedor.condicao_pagamento,
  };
}

/**
 * The company's supply items among `ids` as an order reads them (their catalog state, with
 * `ativo`); ids that name none are left out.
 */
export async function supplyItemsForPurchase(
  deps: PurchasesDeps,
  empresaId: string,
  ids: readonly string[],
): Promise<Map<string, InsumoParaCompra>> {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  const loaded = await Promise.all(
    wanted.map((id) => loadStream(deps.store, supplyItemCodec, insumoDecider, stockStream(empresaId, id))),
  );
  const items = new Map<string, InsumoParaCompra>();
  for (const [i, { state }] of loaded.entries()) {
    if (state.insumo === null) continue;
    items.set(wanted[i]!, {
      ativo: state.insumo.ativo,
      excluido: state.excluidoEm !== null,
      unidade_compra: state.insumo.unidade_compra,
      unidade_consumo: state.insumo.unidade_consumo,
      fator_conversao: state.insumo.fator_conversao,
    });
  }
  return items;
}

/**
 * The company's non-deleted supplier whose CNPJ is `cnpj` (check 5: the invoice's `emit/CNPJ`,
 * compared exactly, as the catalog stores 14 characters), from the write side's suppliers table
 * once it is current with the log.
 */
export async function supplierByCnpj(
  deps: PurchasesDeps,
  empresaId: string,
  cnpj: string | null,
): Promise<string | null> {
  if (cnpj === null) return null;
  await deps.store.writeSideRowsCurrent();
  return supplierIdOf(deps.pool, empresaId, cnpj);
}

async function supplierIdOf(pool: Pool, empresaId: string, documento: string): Promise<string | null> {
  const { rows } = await pool.query<{ fornecedor_id: string }>(
    `SELECT fornecedor_id FROM catalog_suppliers
      WHERE empresa_id = $1 AND documento = $2 AND excluido_em IS NULL`,
    [empresaId, documento],
  );
  return rows[0]?.fornecedor_id ?? null;
}
