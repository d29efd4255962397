/** A shown column of a catalog table and its PostgreSQL type (how JSON values are read into it). */
export interface Column {
  name: string;
  type: 'text' | 'numeric' | 'boolean' | 'integer' | 'uuid' | 'jsonb' | 'text[]' | 'integer[]';
}

/**
 * How one kind of catalog record (product, supply item, supplier) becomes a table row. The
 * events carry fields named as in the API; `toColumns` keeps the shown ones, under their
 * column names, and drops what is never exposed (a supplier's CPF, contact and XML e-mail).
 */
export interface RecordKind {
  table: string;
  columns: readonly Column[];
  toColumns(fields: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

const col = (name: string, type: Column['type'] = 'text'): Column => ({ name, type });

/** Copies the fields that are columns, leaving out the rest. */
const pick =
  (columns: readonly Column[]) =>
  (fields: Readonly<Record<string, unknown>>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const { name } of columns) if (Object.hasOwn(fields, name)) out[name] = fields[name];
    return out;
  };

const PRODUTO_COLUMNS: readonly Column[] = [
  col('sku'),
  col('nome'),
  col('familia'),
  col('atributos', 'jsonb'),
  col('ean'),
  col('ncm'),
  col('status'),
  col('tipo'),
  col('apelidos', 'text[]'),
  col('peso_kg', 'numeric'),
  col('peso_cubado_kg', 'numeric'),
  col('largura_cm', 'numeric'),
  col('altura_cm', 'numeric'),
  col('comprimento_cm', 'numeric'),
  col('ipi_pct', 'numeric'),
  col('icms_pct', 'numeric'),
  col('importado', 'boolean'),
  col('custo_manual', 'numeric'),
  col('variacao_grupo_id', 'uuid'),
  col('variacao_base', 'boolean'),
  col('variacao_eixos', 'text[]'),
];

export const PRODUTOS: RecordKind = {
  table: 'catalogo_produtos',
  columns: PRODUTO_COLUMNS,
  toColumns(fields) {
    const out = pick(PRODUTO_COLUMNS)(fields);
    if (Object.hasOwn(fields, 'variacao')) {
      // One API object, three columns, always written together.
      const v = fields.variacao as { grupo_id: string; base: boolean; eixos: string[] } | null;
      out.variacao_grupo_id = v?.grupo_id ?? null;
      out.variacao_base = v?.base ?? null;
      out.variacao_eixos = v?.eixos ?? null;
    }
    return out;
  },
};

const INSUMO_COLUMNS: readonly Column[] = [
  col('sku'),
  col('nome'),
  col('familia'),
  col('ativo', 'boolean'),
  col('unidade_compra'),
  col('unidade_consumo'),
  col('fator_conversao', 'numeric'),
  col('ncm'),
  col('minimo', 'numeric'),
  col('lead_time_dias', 'integer'),
  col('fornecedor_padrao_id'),
  col('custo_referencia', 'numeric'),
];

export const INSUMOS: RecordKind = {
  table: 'catalogo_insumos',
  columns: INSUMO_COLUMNS,
  toColumns: pick(INSUMO_COLUMNS),
};

const FORNECEDOR_COLUMNS: readonly Column[] = [
  col('nome'),
  col('cnpj'),
  col('regime'),
  col('uf'),
  col('lead_time_dias', 'integer'),
  col('condicao_pagamento', 'integer[]'),
  col('ativo', 'boolean'),
];

export const FORNECEDORES: RecordKind = {
  table: 'catalogo_fornecedores',
  columns: FORNECEDOR_COLUMNS,
  toColumns: pick(FORNECEDOR_COLUMNS),
};
