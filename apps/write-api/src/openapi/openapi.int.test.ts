import { readApiRoutes } from '@factory/read-api';
import { createTestApi, createTestDatabase, describeWith } from '@factory/testing';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { beforeAll, expect, it } from 'vitest';
import { writeApiRoutes } from '../index.js';
import { openApiRuleset } from './openapi-ruleset.fixture.js';

interface Operation {
  operationId?: string;
  tags: string[];
  description: string;
  'x-svc-escopo'?: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema: unknown }>;
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description?: string; headers?: Record<string, unknown>; content?: unknown }>;
}
type Description = { paths: Record<string, Record<string, Operation>> };

describeWith(['postgres', 'redis'], 'GET /v1/openapi.json, linted', () => {
  let document: Description;

  beforeAll(async () => {
    const db = await createTestDatabase();
    // The write API's description is the whole service's: it describes the read routes too.
    const { app } = await createTestApi(db, {
      routes: writeApiRoutes({ pool: db.pool }),
      servedElsewhere: readApiRoutes({ pool: db.pool }),
    });
    const res = await app.inject({ url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json<Description>();
  });

  it('passes spectral:oas and our ruleset with no error and no warning', async () => {
    const spectral = new Spectral();
    spectral.setRuleset(openApiRuleset);
    const results = await spectral.run(new Document(JSON.stringify(document), Json));
    const found = results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(found).toEqual([]);
  });

  it('fails a document that breaks spectral:oas or our rules (the ruleset can fail)', async () => {
    const broken = structuredClone(document);
    const operation = broken.paths['/v1/estoque/movimentos']!.post!;
    delete operation['x-svc-escopo'];
    delete operation.operationId;
    delete operation.responses['429'];
    operation.responses['404'] = { description: 'x', content: { 'application/json': { schema: {} } } };
    const spectral = new Spectral();
    spectral.setRuleset(openApiRuleset);
    const codes = (await spectral.run(new Document(JSON.stringify(broken), Json))).map((r) => r.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'operation-operationId',
        'svc-escopo',
        'svc-error-responses',
        'svc-erro-schema',
      ]),
    );
  });

  it('has a stable operationId, a tag and a description on every operation', () => {
    const ids: string[] = [];
    for (const operations of Object.values(document.paths))
      for (const operation of Object.values(operations)) {
        ids.push(operation.operationId ?? '');
        expect(operation.tags).toHaveLength(1);
        expect(operation.description).toBeTruthy();
      }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('postEstoqueMovimentosByIdEstorno');
    expect(ids).toContain('getProdutosById');
  });

  it('carries no $schema key and describes limite as an integer from 1 to 200', () => {
    expect(JSON.stringify(document)).not.toContain('"$schema"');
    const limite = document.paths['/v1/produtos']!.get!.parameters.find((p) => p.name === 'limite');
    expect(limite?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
  });
});
