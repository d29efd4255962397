import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PROJECTIONS } from '@factory/read-models';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 21 §1: the write model decides on the log and its own write-side tables only; it reads
// no read model (those lag the log, and are the projector's to shape). A read model's table is
// one a projection declares (what a rebuild copies and swaps) or one a read models' migration
// creates (`NNNN_<context>_read_models.sql`), so a table added either way is covered. The SQL
// looked at is every string and template of write-model's product code, comments left out.
const root = resolve(import.meta.dirname, '../..');
const MIGRATIONS = join(root, 'packages/database/migrations');
const WRITE_MODEL = 'packages/write-model';
const READ_MODELS_MIGRATION = /_read_models\.sql$/;
const CREATE_TABLE =
  /\bCREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** The tables a migration's SQL creates. */
const tablesCreatedBy = (sql: string) => [...sql.matchAll(CREATE_TABLE)].map((m) => m[1]!.toLowerCase());

async function readModelTables(): Promise<Set<string>> {
  const tables = new Set(PROJECTIONS.flatMap((p) => p.tables));
  for (const name of await readdir(MIGRATIONS))
    if (READ_MODELS_MIGRATION.test(name))
      for (const table of tablesCreatedBy(await readFile(join(MIGRATIONS, name), 'utf8'))) tables.add(table);
  return tables;
}

/** The text of every string literal and template (its literal parts) in a TypeScript source. */
function stringsOf(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The tables of `tables` that the strings of `source` name as a whole word, any case. */
function tablesNamedIn(source: string, tables: ReadonlySet<string>): string[] {
  const named = new Set<string>();
  for (const text of stringsOf(source))
    for (const word of text.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [])
      if (tables.has(word)) named.add(word);
  return [...named].sort();
}

async function productFiles(dir: string): Promise<string[]> {
  const names = await readdir(join(root, dir), { recursive: true });
  return names
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts') && !n.includes('node_modules'))
    .map((n) => join(dir, n))
    .sort();
}

describe('the write model reads no read model', () => {
  it("names no read model's table in the SQL of its product code", async () => {
    const tables = await readModelTables();
    const found: string[] = [];
    for (const file of await productFiles(`${WRITE_MODEL}/src`)) {
      const source = await readFile(join(root, file), 'utf8');
      for (const table of tablesNamedIn(source, tables)) found.push(`${file}: ${table}`);
    }
    expect(found).toEqual([]);
  });

  it('imports no read-models package, nor declares one', async () => {
    const manifest = JSON.parse(await readFile(join(root, WRITE_MODEL, 'package.json'), 'utf8'));
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    expect(declared).not.toContain('@factory/read-models');
    const importing: string[] = [];
    for (const file of await productFiles(`${WRITE_MODEL}/src`))
      if (/['"]@factory\/read-models(?:\/[^'"]*)?['"]/.test(await readFile(join(root, file), 'utf8')))
        importing.push(file);
    expect(importing).toEqual([]);
  });

  it('knows the read models and reads the SQL it looks at (so the checks above can fail)', async () => {
    const tables = await readModelTables();
    // From the projections and from the migrations alike, projector bookkeeping included.
    for (const table of [
      'estoque_itens',
      'catalogo_produtos',
      'producao_apontamentos',
      'projection_checkpoints',
    ])
      expect(tables).toContain(table);
    // Write-side tables are not read models, and the scan sees write-model's own SQL.
    const writeSide = new Set(['catalog_bill_lines', 'catalog_products']);
    expect([...writeSide].filter((t) => tables.has(t))).toEqual([]);
    const seen = new Set<string>();
    for (const file of await productFiles(`${WRITE_MODEL}/src`))
      for (const table of tablesNamedIn(await readFile(join(root, file), 'utf8'), writeSide)) seen.add(table);
    expect([...seen].sort()).toEqual([...writeSide].sort());
  });

  it('flags a table however the SQL names it, and not in comments', () => {
    const tables = new Set(['estoque_itens', 'catalogo_produtos', 'producao_planos']);
    const source = [
      '// estoque_itens in a comment is no read',
      '/* nor producao_planos here */',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's source, as data
      'const a = `SELECT * FROM "public"."ESTOQUE_ITENS" e WHERE e.id = ${id}`;',
      "const b = qualifiedTable(schema, 'catalogo_produtos');",
      'const c = "JOIN producao_planos_x ON true";',
    ].join('\n');
    expect(tablesNamedIn(source, tables)).toEqual(['catalogo_produtos', 'estoque_itens']);
    expect(
      tablesCreatedBy('CREATE TABLE IF NOT EXISTS "public"."a_b" (x int);\ncreate unlogged table c (y int);'),
    ).toEqual(['a_b', 'c']);
  });
});
