import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type DependencyTree, groupDependencyTreeByPackage, parseCircular, parseDependencyTree } from 'dpdm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 21: no import circle in the packages' and apps' source, type-only imports included.
// dpdm reads the imports with TypeScript's own parser and resolves them with the root tsconfig
// (its 'source' condition), so `@factory/<name>` leads to that package's src like a relative import.
const root = resolve(import.meta.dirname, '../..');
const SOURCES = ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts', 'examples/*/src/**/*.ts'];
const TEST_CODE = /node_modules|\.(test|fixture)\.ts$/;

/** Every import kept, type-only ones included (`transform: false`), dynamic ones too. */
const importsOf = (files: string[], context: string, exclude = /node_modules/) =>
  parseDependencyTree(files, {
    context,
    tsconfig: resolve(root, 'tsconfig.json'),
    transform: false,
    skipDynamicImports: false,
    exclude,
  });

describe('import circles', () => {
  let tree: DependencyTree;
  beforeAll(async () => {
    tree = await importsOf(SOURCES, root);
  }, 300_000);

  it('reads every import it is given, relative and across packages', () => {
    const imports = Object.values(tree).flatMap((dependencies) => dependencies ?? []);
    const unresolved = imports.filter((d) => d.id === null && d.request.startsWith('.'));
    expect(unresolved).toEqual([]);
    const toDomain = imports.find((d) => d.request === '@factory/domain');
    expect(toDomain?.id).toBe('packages/domain/src/index.ts');
  });

  it('finds none between files', () => {
    expect(parseCircular(tree)).toEqual([]);
  });

  it('finds none between packages in product code', async () => {
    const product = await importsOf(SOURCES, root, TEST_CODE);
    const byPackage = groupDependencyTreeByPackage(product, root);
    expect(Object.keys(byPackage)).toContain('@factory/write-model');
    expect(parseCircular(byPackage)).toEqual([]);
  }, 300_000);
});

describe('the circle check itself', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'import-circle-'));
    await writeFile(join(dir, 'a.ts'), "import type { B } from './b.js';\nexport type A = { b?: B };\n");
    await writeFile(join(dir, 'b.ts'), "import type { A } from './a.js';\nexport type B = { a?: A };\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('sees a circle made of type-only imports', async () => {
    const circles = parseCircular(await importsOf([join(dir, '*.ts')], dir));
    expect(circles.map((circle) => [...circle].sort())).toEqual([['a.ts', 'b.ts']]);
  });
});
