import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RouteCatalog } from './route-catalog.js';
import type { AnyRoute } from './route-definition.js';

const route = (method: AnyRoute['method'], url: string): AnyRoute => ({
  method,
  url,
  scope: 'qualquer',
  summary: '',
  response: z.object({}),
  handler: async () => ({}),
});

describe('RouteCatalog', () => {
  it('lists the methods served on a concrete path', () => {
    const catalog = new RouteCatalog();
    catalog.add(route('GET', '/v1/produtos/:id'));
    catalog.add(route('DELETE', '/v1/produtos/:id'));
    catalog.add(route('GET', '/v1/produtos'));
    expect(catalog.methodsFor('/v1/produtos/abc')).toEqual(['GET', 'DELETE']);
    expect(catalog.methodsFor('/v1/produtos')).toEqual(['GET']);
    expect(catalog.methodsFor('/v1/produtos/abc/def')).toEqual([]);
    expect(catalog.methodsFor('/v1/outros')).toEqual([]);
  });
});
