import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PROJECTIONS } from '@factory/read-models';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 21 §1: the write model decides on the log and its own write-side tables only. It reads
// no read model (those lag the log, and are the projector's to shape): a read model's table is
// one a projection declares (what a rebuild copies and swaps) or one a read models' migration
// creates (`NNNN_<context>_read_models.sql`), so a table added either way is covered. And it
// reads companies, locations and units only through @factory/tenants' queries: a tenants' table
// is one that tenants' own SQL names. The SQL looked at is every string and template of the
// product code that reads as SQL or is a bare name (comments and messages are left out).
const root = resolve(import.meta.dirname, '../..');
const MIGRATIONS = join(root, 'packages/database/migrations');
const WRITE_MODEL = 'packages/write-model/src';
const TENANTS = 'packages/tenants/src';
const READ_MODELS_MIGRATION = /_read_models\.sql$/;
const CREATE_TABLE =
  /\bCREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const SQL = /\b(select|insert|update|delete|from|join|into|table|with)\b/i;
const BARE_NAME = /^[a-z_][a-z0-9_]*$/i;

/** The tables a migration's SQL creates. */
const tablesCreatedBy = (sql: string) => [...sql.matchAll(CREATE_TABLE)].map((m) => m[1]!.toLowerCase());

async function migrationTables(only = /\.sql$/): Promise<Set<string>> {
  const tables = new Set<string>();
  for (const name of await readdir(MIGRATIONS))
    if (only.test(name))
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

/** The tables of `tables` that the SQL strings of `source` name as a whole word, any case. */
function tablesNamedIn(source: string, tables: ReadonlySet<string>): string[] {
  const named = new Set<string>();
  for (const text of stringsOf(source).filter((t) => SQL.test(t) || BARE_NAME.test(t)))
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

/** Per product file under `dir`, the tables of `tables` its SQL names (files naming none left out). */
async function namedUnder(dir: string, tables: ReadonlySet<string>): Promise<Record<string, string[]>> {
  const named: Record<string, string[]> = {};
  for (const file of await productFiles(dir)) {
    const found = tablesNamedIn(await readFile(join(root, file), 'utf8'), tables);
    if (found.length > 0) named[file] = found;
  }
  return named;
}

const readModelTables = async () =>
  new Set([...PROJECTIONS.flatMap((p) => p.tables), ...(await migrationTables(READ_MODELS_MIGRATION))]);

const tenantsTables = async () =>
  new Set(Object.values(await namedUnder(TENANTS, await migrationTables())).flat());

describe('the write model reads no read model, and locations and units through tenants', () => {
  it("names no read model's table in the SQL of its product code", async () => {
    expect(await namedUnder(WRITE_MODEL, await readModelTables())).toEqual({});
  });

  it('imports no read-models package, nor declares one', async () => {
    const manifest = JSON.parse(await readFile(join(root, WRITE_MODEL, '../package.json'), 'utf8'));
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    expect(declared).not.toContain('@factory/read-models');
    const importing: string[] = [];
    for (const file of await productFiles(WRITE_MODEL))
      if (/['"]@factory\/read-models(?:\/[^'"]*)?['"]/.test(await readFile(join(root, file), 'utf8')))
        importing.push(file);
    expect(importing).toEqual([]);
  });

  it("names no table of @factory/tenants' in its SQL", async () => {
    expect(await namedUnder(WRITE_MODEL, await tenantsTables())).toEqual({});
  });

  it('knows the tables and reads the SQL it looks at (so the checks above can fail)', async () => {
    const readModels = await readModelTables();
    // From the projections and from the migrations alike, projector bookkeeping included.
    for (const table of [
      'estoque_itens',
      'catalogo_produtos',
      'producao_apontamentos',
      'projection_checkpoints',
    ])
      expect(readModels).toContain(table);
    const tenants = await tenantsTables();
    for (const table of ['empresas', 'locais', 'unidades', 'tokens']) expect(tenants).toContain(table);
    // Write-side tables are neither, and the scan sees write-model's own SQL naming them.
    const writeSide = new Set(['catalog_bill_lines', 'catalog_products']);
    expect([...writeSide].filter((t) => readModels.has(t) || tenants.has(t))).toEqual([]);
    const seen = new Set(Object.values(await namedUnder(WRITE_MODEL, writeSide)).flat());
    expect([...seen].sort()).toEqual([...writeSide].sort());
  });

  it('flags a table however SQL names it, and not in comments or messages', () => {
    const tables = new Set(['estoque_itens', 'catalogo_produtos', 'producao_planos', 'unidades']);
    const source = [
      '// estoque_itens in a comment is no read',
      '/* nor producao_planos here */',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's source, as data
      'const a = `SELECT * FROM "public"."ESTOQUE_ITENS" e WHERE e.id = ${id}`;',
      "const b = qualifiedTable(schema, 'catalogo_produtos');",
      'const c = "JOIN producao_planos_x ON true";',
      "const d = 'unidades e fator de conversão não mudam';",
    ].join('\n');
    expect(tablesNamedIn(source, tables)).toEqual(['catalogo_produtos', 'estoque_itens']);
    expect(tablesNamedIn("const e = 'SELECT codigo FROM unidades';", tables)).toEqual(['unidades']);
    expect(
      tablesCreatedBy('CREATE TABLE IF NOT EXISTS "public"."a_b" (x int);\ncreate unlogged table c (y int);'),
    ).toEqual(['a_b', 'c']);
  });
});
