import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

// Issue 21 §4: a workspace's src holds product code and the tests beside it (`*.test.ts`, which
// every build excludes), nothing else that exists for tests: fixtures, contract suites and other
// test support live in the workspace's test/ folder or in @factory/testing (whose src is all test
// support), reached by path or through a 'source'-only `./testing` subpath.
const TEST_FILE = /\.test\.ts$/;
const TEST_ONLY_NAME = /fixture|contract|\.(probe|bench)\.ts$/i;
const TEST_ONLY_IMPORT =
  /(?:from\s*|import\s*\(\s*|import\s+)['"](vitest(?:\/[^'"]*)?|@factory\/testing|@factory\/[^'"/]+\/testing|(?:\.\.\/)+test\/[^'"]*)['"]/;

/** Files of the workspaces' src that are not tests yet are test-only, with the reason. */
async function testOnlyFilesInSrc(cwd: string): Promise<string[]> {
  const found: string[] = [];
  for (const group of ['packages', 'apps', 'examples']) {
    const workspaces = await readdir(join(cwd, group)).catch(() => []);
    for (const workspace of workspaces) {
      if (group === 'packages' && workspace === 'testing') continue;
      const src = join(group, workspace, 'src');
      const names = await readdir(join(cwd, src), { recursive: true }).catch(() => []);
      for (const name of names.filter((n) => n.endsWith('.ts') && !TEST_FILE.test(n))) {
        const file = join(src, name);
        if (file.includes('node_modules')) continue;
        if (TEST_ONLY_NAME.test(name)) found.push(`${file}: named as test support`);
        const imported = (await readFile(join(cwd, file), 'utf8')).match(TEST_ONLY_IMPORT)?.[1];
        if (imported) found.push(`${file}: imports ${imported}`);
      }
    }
  }
  return found.sort();
}

describe('test support out of product code', () => {
  it('finds no test-only file in any src (fixtures, contract suites, imports of vitest or test support)', async () => {
    expect(await testOnlyFilesInSrc(root)).toEqual([]);
  });

  it('flags a fixture, a contract suite and a file importing vitest or test support, not a test', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'test-only-src-'));
    try {
      const src = join(dir, 'packages/p/src');
      await mkdir(src, { recursive: true });
      const files: Record<string, string> = {
        'product.ts': 'export const a = 1;\n',
        'product.unit.test.ts': "import { it } from 'vitest';\nit('a', () => {});\n",
        'scene.fixture.ts': 'export const b = 2;\n',
        'store-contract.ts': 'export const c = 3;\n',
        'helper.ts': "import { expect } from 'vitest';\nexport const d = expect;\n",
        'db.ts':
          "import { createTestDatabase } from '@factory/testing';\nexport const e = createTestDatabase;\n",
        'suite.ts': "export { f } from '@factory/event-store/testing';\n",
        'near.ts': "import { g } from '../test/g.js';\nexport const h = g;\n",
      };
      for (const [name, text] of Object.entries(files)) await writeFile(join(src, name), text);
      expect(await testOnlyFilesInSrc(dir)).toEqual([
        'packages/p/src/db.ts: imports @factory/testing',
        'packages/p/src/helper.ts: imports vitest',
        'packages/p/src/near.ts: imports ../test/g.js',
        'packages/p/src/scene.fixture.ts: named as test support',
        'packages/p/src/store-contract.ts: named as test support',
        'packages/p/src/suite.ts: imports @factory/event-store/testing',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
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
