import type { AnyRoute } from '@factory/http';
import { cancelarPedidoRoute } from './cancelar-pedido/route.js';
import { cancelarRecebimentoRoute } from './cancelar-recebimento/route.js';
import { criarPedidoRoute } from './criar-pedido/route.js';
import { definirVinculoRoute } from './definir-vinculo/route.js';
import { previaRecebimentoRoute } from './previa-recebimento/route.js';
import type { PurchasesRouteDeps } from './purchases-deps.js';
import { receberNotaRoute } from './receber-nota/route.js';
import { removerVinculoRoute } from './remover-vinculo/route.js';

/** The purchases writes (compras.md), each attached to its declaration in @factory/api. */
export const purchasesRoutes = (deps: PurchasesRouteDeps): AnyRoute[] => [
  criarPedidoRoute(deps),
  cancelarPedidoRoute(deps),
  definirVinculoRoute(deps),
  removerVinculoRoute(deps),
  receberNotaRoute(deps),
  previaRecebimentoRoute(deps),
  cancelarRecebimentoRoute(deps),
];
