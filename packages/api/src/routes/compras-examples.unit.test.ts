import type { AnyRouteDeclaration } from '@factory/http';
import { describe, expect, it } from 'vitest';
import { comprasPedido, comprasPedidos, fornecedorVinculos } from './compras.js';
import { comprasWriteDeclarations } from './compras-escrita.js';
import { nota, notas } from './notas.js';

const purchasesRoutes: AnyRouteDeclaration[] = [
  comprasPedidos.declaration,
  comprasPedido,
  fornecedorVinculos.declaration,
  notas.declaration,
  nota,
  ...comprasWriteDeclarations,
];

describe("the purchases routes' examples", () => {
  it.each(purchasesRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s: its examples are what its own schemas accept',
    (_, route) => {
      if (route.examples?.body !== undefined)
        expect(route.body!.safeParse(route.examples.body).error).toBeUndefined();
      if (route.status === 204) expect(route.examples?.response).toBeUndefined();
      else expect(route.response.safeParse(route.examples?.response).error).toBeUndefined();
    },
  );

  it('describes that the XML signature is not verified, on the receipt and its preview', () => {
    const receipts = comprasWriteDeclarations.filter(
      (r) => r.url.startsWith('/v1/compras/recebimentos') && !r.params,
    );
    expect(receipts.map((r) => r.url)).toEqual([
      '/v1/compras/recebimentos',
      '/v1/compras/recebimentos/previa',
    ]);
    for (const route of receipts)
      expect(route.description).toMatch(/assinatura digital do XML não é verificada/);
  });
});
