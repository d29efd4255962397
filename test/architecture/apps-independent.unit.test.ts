import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 21 §3: an app is a deployable (its main, its environment, what only that process does);
// what two processes compose lives in a package. So no workspace under apps/ declares another
// app's package in its package.json or imports it from any of its files, tests included. (In the
// apart mode apps/server starts the other apps as processes, by path; scripts/start.mjs builds
// what it launches, so apps/server needs no declaration of them to have them built.)
const root = resolve(import.meta.dirname, '../..');
const IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)['"](@factory\/[^'"/]+)/g;

/** Every place where an app reaches another app's package, as `<where> declares|imports <name>`. */
async function appToAppReferences(cwd: string): Promise<string[]> {
  const apps = new Map<string, string>();
  for (const folder of await readdir(join(cwd, 'apps'))) {
    const manifest = await readFile(join(cwd, 'apps', folder, 'package.json'), 'utf8').catch(() => null);
    if (manifest) apps.set(folder, (JSON.parse(manifest) as { name: string }).name);
  }
  const found: string[] = [];
  for (const [folder, name] of apps) {
    const others = new Set([...apps.values()].filter((other) => other !== name));
    const manifest = JSON.parse(await readFile(join(cwd, 'apps', folder, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
      if (others.has(dep)) found.push(`apps/${folder} declares ${dep}`);
    }
    const files = (await readdir(join(cwd, 'apps', folder), { recursive: true })).filter(
      (file) => /\.(ts|mts|js|mjs)$/.test(file) && !/(^|\/)(node_modules|dist)\//.test(file),
    );
    for (const file of files) {
      const text = await readFile(join(cwd, 'apps', folder, file), 'utf8');
      const imported = new Set([...text.matchAll(IMPORT)].map((m) => m[1]!));
      for (const other of imported) {
        if (others.has(other)) found.push(`apps/${folder}/${file} imports ${other}`);
      }
    }
  }
  return found.sort();
}

describe('apps are independent deployables', () => {
  it("no app declares or imports another app's package", async () => {
    expect(await appToAppReferences(root)).toEqual([]);
  });

  it('flags a declaration and an import of another app, not of a package or of itself', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apps-independent-'));
    try {
      const write = async (path: string, text: string) => {
        await mkdir(join(dir, path, '..'), { recursive: true });
        await writeFile(join(dir, path), text);
      };
      await write(
        'apps/a/package.json',
        JSON.stringify({ name: '@factory/a', dependencies: { '@factory/b': '*' } }),
      );
      await write(
        'apps/b/package.json',
        JSON.stringify({ name: '@factory/b', dependencies: { '@factory/p': '*' } }),
      );
      await write('apps/a/src/main.ts', "import { b } from '@factory/b';\nimport { p } from '@factory/p';\n");
      await write('apps/a/src/self.ts', "export { a } from '@factory/a';\n");
      await write('apps/b/test/late.test.ts', "const a = await import('@factory/a');\n");
      await write('apps/b/src/main.ts', "import type { P } from '@factory/p';\n");
      expect(await appToAppReferences(dir)).toEqual([
        'apps/a declares @factory/b',
        'apps/a/src/main.ts imports @factory/b',
        'apps/b/test/late.test.ts imports @factory/a',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
