import { type Ficha, formatInstant } from '@factory/http';
import type { BillRow } from '@factory/read-models';

/** Only active bills are kept, so `ativa` is always true here. */
export const presentFicha = (row: BillRow, costs: boolean): Ficha => ({
  produto_id: row.produto_id,
  versao: row.versao,
  ativa: true,
  atualizado_em: formatInstant(new Date(row.atualizado_em)),
  linhas: row.linhas,
  custo: costs ? row.custo : null,
});
