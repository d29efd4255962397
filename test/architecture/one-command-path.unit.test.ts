import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 21 §2: `handleCommand` is the write side's only load, decide, append and retry loop, so
// it is the only product code of the write model and the write service that calls the event
// store's `append` (the movements' group commit and the products batch's single append are
// strategies it runs). Found from the syntax tree: any call of a property named `append`.
const root = resolve(import.meta.dirname, '../..');
const WRITE_SIDE = ['packages/write-model/src', 'packages/write-service/src'];
const THE_HANDLER = 'packages/write-model/src/handle-command.ts';

/** How many calls of a property named `append` (`x.append(...)`) a TypeScript source holds. */
function appendCalls(source: string): number {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  let calls = 0;
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'append'
    )
      calls++;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

async function productFiles(folder: string): Promise<string[]> {
  const names = await readdir(join(root, folder), { recursive: true });
  return names
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `${folder}/${name}`);
}

describe('one command path', () => {
  it('only handleCommand appends to the log on the write side', async () => {
    const appending: string[] = [];
    for (const folder of WRITE_SIDE)
      for (const file of await productFiles(folder))
        if (appendCalls(await readFile(join(root, file), 'utf8')) > 0) appending.push(file);
    expect(appending).toEqual([THE_HANDLER]);
  });

  it('sees an append called on any object, and not a name that only mentions it', () => {
    expect(appendCalls('await deps.store.append(request);')).toBe(1);
    expect(appendCalls('const r = await store.append(a); other.append(b);')).toBe(2);
    expect(appendCalls('appendRequest(x); const append = 1; // store.append(y)')).toBe(0);
  });
});
