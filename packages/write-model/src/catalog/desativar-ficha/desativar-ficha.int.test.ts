import { createTenantFixture } from '@factory/tenants/testing';
import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { catalogWriteScene } from '../../../test/catalog-scene.js';

describeWith(['postgres'], 'desativarFicha', () => {
  const scene = catalogWriteScene();

  it('never lets a bill of another company be found', async () => {
    const id = await scene.saveProduct({});
    const other = {
      ...scene.context,
      empresaId: (await createTenantFixture(scene.db.pool, { escopos: [] })).empresaId,
    };
    expect(await scene.catalog.desativarFicha(other, id)).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });
});
