import type { AnyRouteDeclaration } from '@factory/http';
import { ficha, fichas, fornecedor, fornecedores, insumo, insumos, produto, produtos } from './catalogo.js';
import { comprasPedido, comprasPedidos, fornecedorVinculos } from './compras.js';
import { estoqueMovimentos, estoquePosicao, estoqueSaldos } from './estoque.js';
import { eu } from './eu.js';
import { locais } from './locais.js';
import { nota, notas } from './notas.js';
import { producaoApontamento, producaoApontamentos, producaoPlano } from './producao.js';

/**
 * Every route the read API serves, in the order it mounts them (the order of Allow and of the
 * OpenAPI document). The router sends these to the read API and everything else to the write API.
 */
export const readRoutes: readonly AnyRouteDeclaration[] = [
  eu,
  locais,
  estoqueSaldos.declaration,
  estoqueMovimentos.declaration,
  estoquePosicao.declaration,
  producaoPlano,
  producaoApontamentos.declaration,
  producaoApontamento,
  produtos.declaration,
  produto,
  insumos.declaration,
  insumo,
  fornecedores.declaration,
  fornecedor,
  fichas.declaration,
  ficha,
  comprasPedidos.declaration,
  comprasPedido,
  fornecedorVinculos.declaration,
  notas.declaration,
  nota,
];
