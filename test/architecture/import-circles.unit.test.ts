import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type Dependency,
  type DependencyTree,
  groupDependencyTreeByPackage,
  parseCircular,
  parseDependencyTree,
} from 'dpdm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 21: no import circle in the packages' and apps' source, type-only imports included.
// dpdm reads the imports with TypeScript's own parser and resolves them with the root tsconfig
// (its 'source' condition), so `@factory/<name>` leads to that package's src like a relative import.
const root = resolve(import.meta.dirname, '../..');
const SOURCES = ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts', 'examples/*/src/**/*.ts'];
/** The workspaces' test folders: fixtures, scenes, contract suites and test-only subpaths. */
const TEST_FOLDERS = ['packages/*/test/**/*.ts', 'apps/*/test/**/*.ts', 'examples/*/test/**/*.ts'];
const WORKSPACE_GROUPS = ['packages', 'apps', 'examples'];
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
    tree = await importsOf([...SOURCES, ...TEST_FOLDERS], root);
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

  // Issue 21 §4: a package's tests must not import a package that depends on it (as when
  // @factory/testing depended on @factory/database and database's tests imported it): such a
  // circle through tests or devDependencies still orders the builds and the tests wrongly, and
  // hides a layer that test support should have (each package's own `./testing` subpath).
  it('finds none between workspaces, their tests and package.json devDependencies counted', async () => {
    const circles = await workspaceCircles(tree, root);
    expect(Object.keys(await declaredWorkspaces(root))).toContain('@factory/testing');
    expect(circles).toEqual([]);
  });
});

/** Each workspace's name and the workspaces its package.json declares, devDependencies included. */
async function declaredWorkspaces(cwd: string): Promise<Record<string, string[]>> {
  const declared: Record<string, string[]> = {};
  for (const group of WORKSPACE_GROUPS) {
    for (const folder of await readdir(join(cwd, group)).catch(() => [])) {
      const manifest = await readFile(join(cwd, group, folder, 'package.json'), 'utf8').catch(() => null);
      if (manifest === null) continue;
      const pkg = JSON.parse(manifest) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      declared[pkg.name] = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    }
  }
  const names = new Set(Object.keys(declared));
  for (const name of names) declared[name] = declared[name]!.filter((d) => names.has(d) && d !== name);
  return declared;
}

/**
 * Circles between workspaces: an edge for every workspace a file of it imports (product code,
 * tests and test folders alike, type-only included) and for every workspace its package.json
 * declares (dependencies and devDependencies).
 */
async function workspaceCircles(files: DependencyTree, cwd: string): Promise<string[][]> {
  const imported = groupDependencyTreeByPackage(files, cwd);
  const declared = await declaredWorkspaces(cwd);
  const graph: DependencyTree = {};
  for (const name of Object.keys(declared)) {
    const targets = new Set([...(imported[name] ?? []).map((d) => d.id!), ...declared[name]!]);
    graph[name] = [...targets]
      .filter((target) => target in declared && target !== name)
      .map((target): Dependency => ({ issuer: name, request: target, kind: EDGE, id: target }));
  }
  return parseCircular(graph);
}
const EDGE = 'StaticImport' as Dependency['kind'];

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

/**
 * Where a workspace's build could take in test code, with the reason: its tsconfig.build.json
 * compiles more than src or keeps src's tests, or a test-only subpath of package.json's exports
 * (`./testing`, or one into test/) is not in test/ or offers more than the 'source' condition, so
 * that it would resolve to dist.
 */
async function testCodeInBuilds(cwd: string): Promise<string[]> {
  const found: string[] = [];
  for (const group of WORKSPACE_GROUPS) {
    for (const workspace of await readdir(join(cwd, group)).catch(() => [])) {
      const folder = join(group, workspace);
      const manifest = await readFile(join(cwd, folder, 'package.json'), 'utf8').catch(() => null);
      if (manifest === null) continue;
      const { exports = {}, scripts = {} } = JSON.parse(manifest) as {
        exports?: Record<string, Record<string, string>>;
        scripts?: Record<string, string>;
      };
      for (const [subpath, conditions] of Object.entries(exports)) {
        const testOnly = subpath === './testing' || conditions.source?.startsWith('./test/');
        if (testOnly && Object.keys(conditions).join() !== 'source')
          found.push(`${folder}/package.json: ${subpath} is not 'source' only`);
        if (testOnly && !conditions.source?.startsWith('./test/'))
          found.push(`${folder}/package.json: ${subpath} is not in test/`);
      }
      if (!scripts.build) continue;
      const build = await readFile(join(cwd, folder, 'tsconfig.build.json'), 'utf8').catch(() => null);
      if (build === null) {
        found.push(`${folder}: builds without a tsconfig.build.json`);
        continue;
      }
      const { include = [], exclude = [] } = JSON.parse(build) as { include?: string[]; exclude?: string[] };
      if (include.join() !== 'src')
        found.push(`${folder}/tsconfig.build.json: includes ${include.join(', ')}`);
      if (!exclude.includes('src/**/*.test.ts'))
        found.push(`${folder}/tsconfig.build.json: does not exclude src/**/*.test.ts`);
    }
  }
  return found.sort();
}

describe('test support out of product code', () => {
  it('finds no test-only file in any src (fixtures, contract suites, imports of vitest or test support)', async () => {
    expect(await testOnlyFilesInSrc(root)).toEqual([]);
  });

  // With the check above, what a build compiles (src without its tests) holds no test code: dist
  // ships none, and a test-only subpath never resolves to it.
  it('builds src without its tests, and offers test-only subpaths from source only', async () => {
    expect(await testCodeInBuilds(root)).toEqual([]);
    const dir = await mkdtemp(join(tmpdir(), 'test-code-in-builds-'));
    try {
      await mkdir(join(dir, 'packages/p'), { recursive: true });
      const exports = {
        '.': { source: './src/index.ts', default: './dist/index.js' },
        './exact': { source: './src/exact.ts', default: './dist/exact.js' },
        './testing': { source: './src/t.ts', default: './dist/t.js' },
      };
      await writeFile(
        join(dir, 'packages/p/package.json'),
        JSON.stringify({ exports, scripts: { build: 'tsc' } }),
      );
      await writeFile(
        join(dir, 'packages/p/tsconfig.build.json'),
        JSON.stringify({ include: ['src', 'test'] }),
      );
      expect(await testCodeInBuilds(dir)).toEqual([
        "packages/p/package.json: ./testing is not 'source' only",
        'packages/p/package.json: ./testing is not in test/',
        'packages/p/tsconfig.build.json: does not exclude src/**/*.test.ts',
        'packages/p/tsconfig.build.json: includes src, test',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
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
  it('sees a circle between workspaces made by a test file or a devDependency alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'workspace-circle-'));
    try {
      const write = async (path: string, text: string) => {
        await mkdir(join(dir, path, '..'), { recursive: true });
        await writeFile(join(dir, path), text);
      };
      const manifest = (name: string, fields: object = {}) =>
        JSON.stringify({ name: `@factory/${name}`, ...fields });
      await write('packages/a/package.json', manifest('a', { dependencies: { '@factory/b': '*' } }));
      await write('packages/a/src/index.ts', "export { b } from '@factory/b';\n");
      await write('packages/b/package.json', manifest('b'));
      await write('packages/b/src/index.ts', 'export const b = 1;\n');
      await write('packages/c/package.json', manifest('c', { devDependencies: { '@factory/d': '*' } }));
      await write('packages/c/src/index.ts', 'export const c = 1;\n');
      await write('packages/d/package.json', manifest('d', { dependencies: { '@factory/c': '*' } }));
      await write('packages/d/src/index.ts', 'export const d = 1;\n');
      const circles = async () =>
        (await workspaceCircles(await importsOf([join(dir, 'packages/*/src/**/*.ts')], dir), dir))
          .map((circle) => [...circle].sort())
          .sort((x, y) => x.join().localeCompare(y.join()));
      expect(await circles()).toEqual([['@factory/c', '@factory/d']]);
      await write('packages/b/src/b.int.test.ts', "import { b } from '@factory/a';\nexport const x = b;\n");
      expect(await circles()).toEqual([
        ['@factory/a', '@factory/b'],
        ['@factory/c', '@factory/d'],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

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
