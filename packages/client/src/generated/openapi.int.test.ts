import { readFile, writeFile } from 'node:fs/promises';
import { createTestDatabase, describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { createServiceApi } from '../../test/generated/service-description.fixture.js';
import { generateTypes, REGENERATE_COMMAND } from './generate-types.js';

const GENERATED = new URL('./openapi.ts', import.meta.url);

// CI regenerates the client's types from the service's own description and fails on any
// difference; `npm run generate -w @factory/client` runs this file with GENERATE_CLIENT=1,
// which writes the file instead of comparing.
describeWith(['postgres', 'redis'], 'the typed client, generated from GET /v1/openapi.json', () => {
  it('is in step with the description', async () => {
    const { app } = await createServiceApi(await createTestDatabase());
    const res = await app.inject({ url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const generated = await generateTypes(res.json());
    if (process.env.GENERATE_CLIENT === '1') await writeFile(GENERATED, generated);
    const committed = await readFile(GENERATED, 'utf8').catch(() => '');
    expect(
      committed === generated,
      `packages/client/src/generated/openapi.ts is out of step with the description: run \`${REGENERATE_COMMAND}\` and commit it`,
    ).toBe(true);
  });

  it('notices a description that changed (the check can fail)', async () => {
    const { app } = await createServiceApi(await createTestDatabase());
    const document = (await app.inject({ url: '/v1/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    delete document.paths['/v1/produtos'];
    expect(await generateTypes(document)).not.toBe(await readFile(GENERATED, 'utf8'));
  });
});
