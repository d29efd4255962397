import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md states who imports whom as a table; this holds the table to the code. A
// workspace's imports are the `@factory/<name>` specifiers (type-only and dynamic ones included)
// of its product source: `src/` without its `*.test.ts`. Its declarations are package.json's
// `dependencies`. When either changes, the failure prints the table as the code now has it:
// paste it over the page's table (keeping the "owns" cells), `npx biome format --write` the page,
// and say in the prose what moved.
const root = resolve(import.meta.dirname, '../..');
const PAGE = join(root, 'docs/architecture.md');
const WORKSPACE_GROUPS = ['packages', 'apps', 'examples'];
const IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)['"](@factory\/[^'"/]+)/g;
const SOURCE_FILE = /\.(ts|tsx|mts)$/;
const TEST_FILE = /\.test\.ts$/;

interface Workspace {
  name: string;
  folder: string;
  imports: string[];
  declared: string[];
}

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );

function workspaces(): Workspace[] {
  return WORKSPACE_GROUPS.flatMap((group) =>
    readdirSync(join(root, group))
      .map((name) => join(root, group, name))
      .filter((dir) => existsSync(join(dir, 'package.json')))
      .map((dir) => {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
          name: string;
          dependencies?: Record<string, string>;
        };
        const sources = existsSync(join(dir, 'src'))
          ? walk(join(dir, 'src')).filter((f) => SOURCE_FILE.test(f) && !TEST_FILE.test(f))
          : [];
        const imports = new Set(
          sources.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => m[1]!)),
        );
        imports.delete(pkg.name);
        return {
          name: pkg.name,
          folder: relative(root, dir),
          imports: [...imports].sort(),
          declared: Object.keys(pkg.dependencies ?? {})
            .filter((d) => d.startsWith('@factory/'))
            .sort(),
        };
      }),
  );
}

/** Floor 0 imports no workspace; any other sits one floor above the highest it imports. */
function floors(all: Workspace[]): Map<string, number> {
  const byName = new Map(all.map((w) => [w.name, w]));
  const floor = new Map<string, number>();
  const of = (name: string, path: string[]): number => {
    if (path.includes(name)) throw new Error(`import circle: ${[...path, name].join(' -> ')}`);
    const known = floor.get(name);
    if (known !== undefined) return known;
    const imports = byName.get(name)?.imports ?? [];
    const value = imports.length === 0 ? 0 : 1 + Math.max(...imports.map((i) => of(i, [...path, name])));
    floor.set(name, value);
    return value;
  };
  for (const w of all) of(w.name, []);
  return floor;
}

const list = (names: string[]) => (names.length === 0 ? '-' : names.map((n) => `\`${n}\``).join(', '));
const cells = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());

/** The table's rows as the code has them: floor, workspace, folder, owns, imports, and the two mismatches. */
function expectedRows(owns: Map<string, string>): string[][] {
  const all = workspaces();
  const floor = floors(all);
  return all
    .map((w) => [
      String(floor.get(w.name)),
      `\`${w.name}\``,
      `\`${w.folder}\``,
      owns.get(w.name) ?? '?',
      list(w.imports),
      list(w.declared.filter((d) => !w.imports.includes(d))),
      list(w.imports.filter((i) => !w.declared.includes(i))),
    ])
    .sort((a, b) => Number(a[0]) - Number(b[0]) || a[1]!.localeCompare(b[1]!));
}

/** The page's table rows: those whose second cell names a workspace. */
function pageRows(page: string): string[][] {
  return page
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map(cells)
    .filter((row) => /^`@factory\/[^`]+`$/.test(row[1] ?? ''));
}

describe('docs/architecture.md', () => {
  const page = readFileSync(PAGE, 'utf8');
  const rows = pageRows(page);

  it("states every workspace's floor, folder, imports and package.json mismatches as the code has them", () => {
    const owns = new Map(rows.map((row) => [row[1]!.replaceAll('`', ''), row[3]!]));
    const expected = expectedRows(owns);
    const key = (row: string[]) => [row[0], row[1], row[2], row[4], row[5], row[6]].join(' | ');
    const table = expected.map((row) => `| ${row.join(' | ')} |`).join('\n');
    expect(
      [...rows].map(key).sort(),
      `docs/architecture.md's table should read (keep the "owns" cells):\n${table}\n`,
    ).toEqual(expected.map(key).sort());
  });

  it('reads real imports: the rule finds what a known file imports', () => {
    const domainUsers = workspaces().filter((w) => w.imports.includes('@factory/domain'));
    expect(domainUsers.map((w) => w.name)).toContain('@factory/write-model');
  });

  it('names only files that exist', () => {
    const paths = [
      ...page.matchAll(/`((?:apps|packages|test|docs|scripts|examples)\/[^`\s]+\.[a-z]+)`/g),
    ].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });
});
