import type { AnyRoute } from '@factory/http';
import type { CatalogRouteDeps } from './catalog-deps.js';
import { desativarFichaRoute } from './desativar-ficha/route.js';
import { excluirFornecedorRoute } from './excluir-fornecedor/route.js';
import { excluirInsumoRoute } from './excluir-insumo/route.js';
import { excluirProdutoRoute } from './excluir-produto/route.js';
import { fornecedoresLoteRoute } from './fornecedores-lote/route.js';
import { insumosLoteRoute } from './insumos-lote/route.js';
import { produtosLoteRoute } from './produtos-lote/route.js';
import { substituirFichaRoute } from './substituir-ficha/route.js';

/** The catalog's write routes: batches, deletions and bills of materials. */
export const catalogRoutes = (deps: CatalogRouteDeps): AnyRoute[] => [
  produtosLoteRoute(deps),
  insumosLoteRoute(deps),
  fornecedoresLoteRoute(deps),
  excluirProdutoRoute(deps),
  excluirInsumoRoute(deps),
  excluirFornecedorRoute(deps),
  substituirFichaRoute(deps),
  desativarFichaRoute(deps),
];
