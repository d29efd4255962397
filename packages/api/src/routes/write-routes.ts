import type { AnyRouteDeclaration } from '@factory/http';
import {
  desativarFicha,
  excluirFornecedor,
  excluirInsumo,
  excluirProduto,
  fornecedoresLote,
  insumosLote,
  produtosLote,
  substituirFicha,
} from './catalogo-escrita.js';
import { comprasWriteDeclarations } from './compras-escrita.js';
import { estornarMovimento, registrarMovimento } from './estoque-escrita.js';
import { cancelarApontamento, registrarApontamento, substituirPlano } from './producao-escrita.js';

/** Every route the write API serves, in the order it mounts them. */
export const writeRoutes: readonly AnyRouteDeclaration[] = [
  registrarMovimento,
  estornarMovimento,
  produtosLote,
  insumosLote,
  fornecedoresLote,
  excluirProduto,
  excluirInsumo,
  excluirFornecedor,
  substituirFicha,
  desativarFicha,
  substituirPlano,
  registrarApontamento,
  cancelarApontamento,
  ...comprasWriteDeclarations,
];
