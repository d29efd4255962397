import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import { param } from './fields.js';
import { parseQuery } from './parse-query.js';

const listQuery = z.object({
  limite: param.limite,
  cursor: param.cursor.optional(),
  atualizado_desde: param.instant.optional(),
  ativo: param.boolean.optional(),
  insumo_id: param.uuid.optional(),
  sku: param.text.optional(),
});

function refusal(url: string): { codigo: string; campo: string | undefined } | null {
  try {
    parseQuery(url, listQuery);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { codigo: error.codigo, campo: error.campo };
  }
}

describe('parseQuery', () => {
  it('defaults limite to 50 and reads typed values', () => {
    expect(parseQuery('/v1/x', listQuery)).toEqual({ limite: 50 });
    expect(
      parseQuery(
        '/v1/x?limite=200&ativo=false&insumo_id=0B7C5B2E-0000-4000-8000-000000000001&atualizado_desde=2026-01-02T03:04:05.123456%2B02:00',
        listQuery,
      ),
    ).toEqual({
      limite: 200,
      ativo: false,
      insumo_id: '0b7c5b2e-0000-4000-8000-000000000001',
      atualizado_desde: '2026-01-02T03:04:05.123456+02:00',
    });
  });

  it.each([
    ['/v1/x?foo=1', 'foo'],
    ['/v1/x?limite=1&limite=2', 'limite'],
    ['/v1/x?limite=', 'limite'],
    ['/v1/x?limite', 'limite'],
    ['/v1/x?limite=0', 'limite'],
    ['/v1/x?limite=201', 'limite'],
    ['/v1/x?limite=1.5', 'limite'],
    ['/v1/x?limite=-1', 'limite'],
    ['/v1/x?ativo=sim', 'ativo'],
    ['/v1/x?insumo_id=123', 'insumo_id'],
    ['/v1/x?atualizado_desde=2026-01-02T03:04:05', 'atualizado_desde'],
    ['/v1/x?atualizado_desde=2026-01-02T03:04:05+02:00', 'atualizado_desde'],
    ['/v1/x?atualizado_desde=2026-02-30T03:04:05Z', 'atualizado_desde'],
    ['/v1/x?atualizado_desde=ontem', 'atualizado_desde'],
    ['/v1/x?atualizado_desde=2026-01-02', 'atualizado_desde'],
    [`/v1/x?sku=${'a'.repeat(201)}`, 'sku'],
  ])('%s is parametro_invalido on %s', (url, campo) => {
    expect(refusal(url)).toEqual({ codigo: 'parametro_invalido', campo });
  });

  it('accepts every offset form of the specification', () => {
    for (const v of [
      '2026-01-02T03:04:05Z',
      '2026-01-02T03:04:05-03:00',
      '2026-01-02T03:04:05.5%2B02:00',
      '2024-02-29T23:59:59Z',
    ]) {
      expect(refusal(`/v1/x?atualizado_desde=${v}`)).toBeNull();
    }
  });

  it('never throws anything but a parametro_invalido ApiError, whatever the query string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (raw) => {
        const outcome = refusal(`/v1/x?${raw}`);
        expect(outcome === null || outcome.codigo === 'parametro_invalido').toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('names the parameter at fault for any unknown name', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 20 })
          .filter((s) => !(s in listQuery.shape) && !/[&=#%+]/.test(s)),
        (name) => {
          expect(refusal(`/v1/x?${encodeURIComponent(name)}=1`)).toEqual({
            codigo: 'parametro_invalido',
            campo: name,
          });
        },
      ),
    );
  });
});

describe('instant offsets', () => {
  it('accepts offsets up to ±18:00 and refuses beyond', () => {
    expect(refusal('/v1/x?atualizado_desde=2026-01-02T03:04:05-18:00')).toBeNull();
    expect(refusal('/v1/x?atualizado_desde=2026-01-02T03:04:05%2B19:00')).toEqual({
      codigo: 'parametro_invalido',
      campo: 'atualizado_desde',
    });
  });
});
