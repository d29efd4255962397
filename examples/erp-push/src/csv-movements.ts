import type { operations } from '@factory/client';
import { parse } from 'csv-parse/sync';

/** The body of `POST /v1/estoque/movimentos`, typed by the service's description. */
export type MovementBody = operations['postEstoqueMovimentos']['requestBody']['content']['application/json'];

export interface CsvMovement {
  /** 1-based line of the file (the header is line 1), as an operator counts it in an editor. */
  linha: number;
  /** The line's fields as written, the source of its idempotency key. */
  original: string[];
  body: MovementBody;
}

export const CSV_COLUMNS = [
  'insumo_id',
  'local_id',
  'tipo',
  'quantidade',
  'unidade',
  'custo_unitario',
  'referencia',
  'motivo',
] as const;

/**
 * Parses the export of an ERP: a header line naming at least `insumo_id`, `local_id`, `tipo` and
 * `quantidade` (other columns of CSV_COLUMNS are optional, unknown ones are ignored), then one
 * movement per line. Numbers use a dot as decimal separator; an empty cell leaves the field out,
 * so the service applies its own default. The service validates the rest and refuses a bad line
 * by itself, so this only shapes the body.
 */
export function parseMovements(text: string): CsvMovement[] {
  const records = parse(text, {
    bom: true,
    skip_empty_lines: true,
    info: true,
    relax_column_count: true,
  }) as unknown as {
    record: string[];
    info: { lines: number };
  }[];
  const [header, ...lines] = records;
  if (!header) return [];
  const columns = header.record.map((name) => name.trim());
  for (const required of ['insumo_id', 'local_id', 'tipo', 'quantidade'])
    if (!columns.includes(required)) throw new Error(`the CSV header has no column "${required}"`);
  return lines.map(({ record, info }) => {
    const cell = (name: string) => {
      const value = record[columns.indexOf(name)]?.trim();
      return value === undefined || value === '' ? undefined : value;
    };
    const body: MovementBody = {
      insumo_id: cell('insumo_id') ?? '',
      local_id: cell('local_id') ?? '',
      // As the CSV says: the description lists the types the service takes, and the service
      // refuses any other itself, naming the line's field.
      tipo: (cell('tipo') ?? '') as MovementBody['tipo'],
      quantidade: Number(cell('quantidade')),
    };
    const unidade = cell('unidade');
    if (unidade !== undefined) body.unidade = unidade;
    const custo = cell('custo_unitario');
    if (custo !== undefined) body.custo_unitario = Number(custo);
    const referencia = cell('referencia');
    if (referencia !== undefined) body.referencia = referencia;
    const motivo = cell('motivo');
    if (motivo !== undefined) body.motivo = motivo;
    return { linha: info.lines, original: record, body };
  });
}
