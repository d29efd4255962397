import type { Pool } from '@factory/database';
import type { EventStore } from '@factory/event-store';
import type { AnyRoute } from '@factory/http';
import {
  createCatalogWriteModel,
  createProductionWriteModel,
  createPurchasesWriteModel,
  createStockWriteModel,
  createWriteStore,
  type HandleOptions,
  type RowsMode,
} from '@factory/write-model';
import { catalogRoutes } from './catalog/catalog-routes.js';
import { cancelarApontamentoRoute } from './production/cancelar-apontamento/route.js';
import { registrarApontamentoRoute } from './production/registrar-apontamento/route.js';
import { substituirPlanoRoute } from './production/substituir-plano/route.js';
import { purchasesRoutes } from './purchases/purchases-routes.js';
import { estornarMovimentoRoute } from './stock/estornar-movimento/route.js';
import { registrarMovimentoRoute } from './stock/registrar-movimento/route.js';

export interface WriteApiDeps {
  pool: Pool;
  /** The handlers' `now` (events' time, idempotency expiry); the system clock by default. */
  clock?: () => Date;
  /** The log the write models share; the PostgreSQL store on `pool` (rows in the commit) by default. */
  store?: EventStore;
  /** Without `store`: where its write-side rows go (`after-commit`: EVENT_STORE_ROWS, see write-store). */
  rows?: RowsMode;
  /** How long a write keeps retrying under contention (10 s), and who is told about it. */
  contention?: HandleOptions;
}

/** Every route of the write API, ready to be registered on a platform instance. */
export function writeApiRoutes(deps: WriteApiDeps): AnyRoute[] {
  const store = deps.store ?? createWriteStore({ pool: deps.pool, rows: deps.rows });
  const estoque = {
    pool: deps.pool,
    stock: createStockWriteModel({ pool: deps.pool, store, contention: deps.contention }),
    clock: deps.clock ?? (() => new Date()),
    keysInsertedByAppend: store.rowsCommitWithEvents === true,
  };
  const catalogo = {
    pool: deps.pool,
    catalog: createCatalogWriteModel({ pool: deps.pool, store, contention: deps.contention }),
    clock: estoque.clock,
  };
  const producao = {
    pool: deps.pool,
    production: createProductionWriteModel({
      pool: deps.pool,
      stock: estoque.stock,
      store,
      contention: deps.contention,
    }),
    clock: estoque.clock,
  };
  return [
    registrarMovimentoRoute(estoque),
    estornarMovimentoRoute(estoque),
    ...catalogRoutes(catalogo),
    substituirPlanoRoute(producao),
    registrarApontamentoRoute(producao),
    cancelarApontamentoRoute(producao),
    ...purchasesRoutes({
      pool: deps.pool,
      purchases: createPurchasesWriteModel({ pool: deps.pool, store, contention: deps.contention }),
      clock: estoque.clock,
    }),
  ];
}
