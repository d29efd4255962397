/** One list of the service, as the mirror reads and keeps it. */
export interface MirroredList {
  /** The table in the mirror (and the list's name in the marks table). */
  table: string;
  path: string;
  /** The list's key: the columns an upsert matches on. */
  key: readonly string[];
  /**
   * The inclusive lower bound parameter and the row field it compares with; null for a list
   * replaced whole each time, all its pages (locations: small; bills: see below).
   */
  incremental: { since: 'atualizado_desde' | 'desde'; stamp: 'atualizado_em' | 'criado_em' } | null;
  /** Fixed parameters: deleted records are mirrored too, with `excluido_em` set. */
  query?: Record<string, string>;
  /** The scope a token needs to read it; a token without it skips the list. */
  escopo: string;
}

const byUpdate = { since: 'atualizado_desde', stamp: 'atualizado_em' } as const;

/** Every list of `/v1` with rows of its own (the day plan and the position at a date are queries, not lists). */
export const MIRRORED_LISTS: readonly MirroredList[] = [
  { table: 'locais', path: '/v1/locais', key: ['id'], incremental: null, escopo: '' },
  {
    table: 'produtos',
    path: '/v1/produtos',
    key: ['id'],
    incremental: byUpdate,
    query: { incluir_excluidos: 'true' },
    escopo: 'produtos:ler',
  },
  {
    table: 'insumos',
    path: '/v1/insumos',
    key: ['id'],
    incremental: byUpdate,
    query: { incluir_excluidos: 'true' },
    escopo: 'insumos:ler',
  },
  {
    table: 'fornecedores',
    path: '/v1/fornecedores',
    key: ['id'],
    incremental: byUpdate,
    query: { incluir_excluidos: 'true' },
    escopo: 'fornecedores:ler',
  },
  // The active bill of each product, read whole each run: its `custo` follows its parts' costs
  // while its `atualizado_em` stays the version's creation instant (the specification's Ficha),
  // so an inclusive bound would miss a cost change; and a deactivated bill leaves the list.
  { table: 'fichas', path: '/v1/fichas', key: ['produto_id'], incremental: null, escopo: 'fichas:ler' },
  {
    table: 'saldos',
    path: '/v1/estoque/saldos',
    key: ['insumo_id', 'local_id'],
    incremental: byUpdate,
    escopo: 'estoque:ler',
  },
  {
    table: 'movimentos',
    path: '/v1/estoque/movimentos',
    key: ['id'],
    incremental: { since: 'desde', stamp: 'criado_em' },
    escopo: 'estoque:ler',
  },
  {
    table: 'apontamentos',
    path: '/v1/producao/apontamentos',
    key: ['id'],
    incremental: byUpdate,
    escopo: 'producao:ler',
  },
  // Purchase orders and received invoices, each with its lines in `dados`; a cancelled one stays.
  {
    table: 'pedidos_compra',
    path: '/v1/compras/pedidos',
    key: ['id'],
    incremental: byUpdate,
    escopo: 'compras:ler',
  },
  { table: 'notas', path: '/v1/notas', key: ['id'], incremental: byUpdate, escopo: 'notas:ler' },
];
