import { instantFilterUtc } from '@factory/http';

/** The filters every catalog list shares, as its query takes them: deleted rows hidden unless asked. */
export const catalogFilters = <T extends { atualizado_desde?: string; incluir_excluidos?: boolean }>(
  filters: T,
) => ({
  ...filters,
  atualizadoDesde: filters.atualizado_desde && instantFilterUtc(filters.atualizado_desde),
  incluirExcluidos: filters.incluir_excluidos ?? false,
});
