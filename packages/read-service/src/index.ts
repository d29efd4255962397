import { DEFAULT_STABILIZATION_WINDOW_SECONDS } from '@factory/config';
import type { Pool } from '@factory/database';
import type { AnyRoute } from '@factory/http';
import { comprasPedidoRoute } from './routes/compras-pedidos/by-id-route.js';
import { comprasPedidosRoute } from './routes/compras-pedidos/route.js';
import { estoqueMovimentosRoute } from './routes/estoque-movimentos/route.js';
import { estoquePosicaoRoute } from './routes/estoque-posicao/route.js';
import { estoqueSaldosRoute } from './routes/estoque-saldos/route.js';
import { euRoute } from './routes/eu/route.js';
import { fichaRoute } from './routes/fichas/by-id-route.js';
import { fichasRoute } from './routes/fichas/route.js';
import { fornecedorVinculosRoute } from './routes/fornecedor-vinculos/route.js';
import { fornecedorRoute } from './routes/fornecedores/by-id-route.js';
import { fornecedoresRoute } from './routes/fornecedores/route.js';
import { insumoRoute } from './routes/insumos/by-id-route.js';
import { insumosRoute } from './routes/insumos/route.js';
import { locaisRoute } from './routes/locais/route.js';
import { notaRoute } from './routes/notas/by-id-route.js';
import { notasRoute } from './routes/notas/route.js';
import { producaoApontamentoRoute } from './routes/producao-apontamentos/by-id-route.js';
import { producaoApontamentosRoute } from './routes/producao-apontamentos/route.js';
import { producaoPlanoRoute } from './routes/producao-plano/route.js';
import { produtoRoute } from './routes/produtos/by-id-route.js';
import { produtosRoute } from './routes/produtos/route.js';

export interface ReadApiDeps {
  pool: Pool;
  /** STABILIZATION_WINDOW_SECONDS; the configuration's default when left out. */
  windowSeconds?: number;
  /** The lists' `now`; the system clock by default. */
  clock?: () => Date;
}

/** Every route of the read API, ready to be registered on a platform instance. */
export function readApiRoutes(deps: ReadApiDeps): AnyRoute[] {
  const lists = {
    pool: deps.pool,
    windowSeconds: deps.windowSeconds ?? DEFAULT_STABILIZATION_WINDOW_SECONDS,
    clock: deps.clock ?? (() => new Date()),
  };
  return [
    euRoute,
    locaisRoute(deps.pool),
    estoqueSaldosRoute(lists),
    estoqueMovimentosRoute(lists),
    estoquePosicaoRoute(lists),
    producaoPlanoRoute(lists),
    producaoApontamentosRoute(lists),
    producaoApontamentoRoute(deps.pool),
    produtosRoute(lists),
    produtoRoute(deps.pool),
    insumosRoute(lists),
    insumoRoute(deps.pool),
    fornecedoresRoute(lists),
    fornecedorRoute(deps.pool),
    fichasRoute(lists),
    fichaRoute(deps.pool),
    comprasPedidosRoute(lists),
    comprasPedidoRoute(deps.pool),
    fornecedorVinculosRoute(lists),
    notasRoute(lists),
    notaRoute(deps.pool),
  ];
}
