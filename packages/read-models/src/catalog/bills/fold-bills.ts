import type { LinhaDaFicha } from '@factory/domain';
import { type CatalogRecorded, keyOf } from '../catalog-events.js';

/** A product's bill after a batch: its active version, or none. */
export type BillChange =
  | {
      empresa_id: string;
      produto_id: string;
      ativa: true;
      versao: number;
      /** The FichaDefinida event's id: the version's identity, the list's tie-break. */
      versao_id: string;
      atualizado_em: string;
      linhas: LinhaDaFicha[];
    }
  | { empresa_id: string; produto_id: string; ativa: false };

/**
 * The bills half of the projection, pure: the last bill event of each product in the batch
 * decides its row (only the active version is kept, as only it is shown).
 */
export function foldBills(events: readonly CatalogRecorded[]): BillChange[] {
  const bills = new Map<string, BillChange>();
  for (const event of events) {
    const empresa_id = event.empresaId;
    if (event.type === 'FichaDefinida.v1') {
      const { produto_id, versao, linhas, definida_em } = event.data;
      bills.set(keyOf(empresa_id, produto_id), {
        empresa_id,
        produto_id,
        ativa: true,
        versao,
        versao_id: event.id,
        atualizado_em: definida_em,
        linhas,
      });
    } else if (event.type === 'FichaDesativada.v1') {
      const { produto_id } = event.data;
      bills.set(keyOf(empresa_id, produto_id), { empresa_id, produto_id, ativa: false });
    }
  }
  return [...bills.keys()].sort().map((key) => bills.get(key)!);
}
