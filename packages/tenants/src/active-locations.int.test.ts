import { createTestDatabase, describePlan, describeWith, genericPlanNodes } from '@factory/database/testing';
import { DEFAULT_UNITS } from '@factory/domain';
import { beforeAll, expect, it } from 'vitest';
import {
  activeLocationsQuery,
  inactiveLocationsQuery,
  locationKey,
  readActiveLocations,
} from './active-locations.js';
import { createCompany } from './company-service.js';
import { createLocation } from './location-service.js';
import { readUnitCodes } from './units-repository.js';

const company = (skuPrefixo: string) => ({
  nome: `Empresa ${skuPrefixo}`,
  cnpj: '11.222.333/0001-81',
  fuso: 'America/Sao_Paulo',
  horaVirada: '05:00',
  skuPrefixo,
});

describeWith(['postgres'], 'locations and units as the write side reads them', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: string;
  let b: string;
  let activeA: string;
  let inactiveA: string;
  let activeB: string;
  const missing = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await createCompany(db.pool, company('AAA'));
    b = await createCompany(db.pool, company('BBB'));
    activeA = await createLocation(db.pool, { empresaId: a, nome: 'Fábrica', tipo: 'fabrica', ativo: true });
    inactiveA = await createLocation(db.pool, {
      empresaId: a,
      nome: 'Velha',
      tipo: 'deposito',
      ativo: false,
    });
    activeB = await createLocation(db.pool, {
      empresaId: b,
      nome: 'Depósito',
      tipo: 'deposito',
      ativo: true,
    });
  });

  // Each pair: an active one, an inactive one, another company's, a missing one.
  const asked = () => [
    { empresaId: a, localId: activeA },
    { empresaId: a, localId: inactiveA },
    { empresaId: a, localId: activeB },
    { empresaId: a, localId: missing },
    { empresaId: b, localId: activeB },
  ];

  it('reads which pairs are active locations of their own company, as locationKey', async () => {
    expect(await readActiveLocations(db.pool, asked())).toEqual(
      new Set([locationKey(a, activeA), locationKey(b, activeB)]),
    );
    expect(await readActiveLocations(db.pool, [])).toEqual(new Set());
  });

  it('gives the guard whose rows are exactly the pairs that are not active', async () => {
    const { text, values } = inactiveLocationsQuery(asked());
    const { rows } = await db.pool.query<{ location: string }>(text, values);
    expect(rows.map((r) => r.location).sort()).toEqual(
      [locationKey(a, inactiveA), locationKey(a, activeB), locationKey(a, missing)].sort(),
    );
    const none = inactiveLocationsQuery([{ empresaId: b, localId: activeB }]);
    expect((await db.pool.query(none.text, none.values)).rows).toEqual([]);
  });

  // It rides in every movement batch's append, a named statement whose generic plan, once made,
  // stays: a plan made while `locais` was small must still probe by key as the table grows.
  it.each([
    ['the guard', inactiveLocationsQuery],
    ['the read', activeLocationsQuery],
  ])('gives %s a plan that probes locais by key, never scans it', async (_, query) => {
    const nodes = await genericPlanNodes(db.pool, query([{ empresaId: a, localId: activeA }]));
    const onLocais = nodes.filter((n) => n.relation === 'locais');
    expect(onLocais.length, describePlan(nodes)).toBeGreaterThan(0);
    expect(
      onLocais.every((n) => n.index !== null),
      describePlan(nodes),
    ).toBe(true);
  });

  it("reads the company's unit codes in code order", async () => {
    expect(await readUnitCodes(db.pool, a)).toEqual([...DEFAULT_UNITS].sort());
    expect(await readUnitCodes(db.pool, missing)).toEqual([]);
  });
});
