import { readFile, writeFile } from 'node:fs/promises';
import { serviceDocument } from '@factory/api';
import { describe, expect, it } from 'vitest';
import { generateTypes, REGENERATE_COMMAND } from './generate-types.js';

const GENERATED = new URL('./openapi.ts', import.meta.url);

// The client's types are generated from the API contract (@factory/api), which is what every
// front door serves as GET /v1/openapi.json: no service needed. This test fails on any
// difference from the committed file; `npm run generate -w @factory/client` runs it with
// GENERATE_CLIENT=1, which writes the file instead of comparing.
describe('the typed client, generated from the API contract', () => {
  it('is in step with the contract', async () => {
    const generated = await generateTypes(serviceDocument());
    if (process.env.GENERATE_CLIENT === '1') await writeFile(GENERATED, generated);
    const committed = await readFile(GENERATED, 'utf8').catch(() => '');
    expect(
      committed === generated,
      `packages/client/src/generated/openapi.ts is out of step with the contract: run \`${REGENERATE_COMMAND}\` and commit it`,
    ).toBe(true);
  });

  it('notices a contract that changed (the check can fail)', async () => {
    const document = serviceDocument() as { paths: Record<string, unknown> };
    delete document.paths['/v1/produtos'];
    expect(await generateTypes(document)).not.toBe(await readFile(GENERATED, 'utf8'));
  });
});
