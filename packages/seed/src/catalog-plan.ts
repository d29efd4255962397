import { cnpjCheckDigits } from '@factory/domain';
import type { Random } from './random.js';
import {
  CORES,
  FINISHED,
  KITS,
  LEGAL_SUFFIXES,
  PAYMENT_TERMS,
  type ProductFamily,
  SEMI_FINISHED,
  SUPPLIER_KINDS,
  SUPPLY_FAMILIES,
  SURNAMES,
  type SupplyFamily,
  TAMANHOS,
  UFS,
} from './vocabulary.js';

/** A catalog item as the batch routes receive it (the write model's `CatalogItem`). */
export type ItemFields = Record<string, unknown>;

export interface SupplyItemPlan {
  fields: ItemFields;
  /** Index of its default supplier in `fornecedores`, or null. */
  fornecedor: number | null;
  family: SupplyFamily;
  /** Consumption units in one purchase unit. */
  factor: number;
  /** Reference cost per consumption unit. */
  cost: number;
}

export type BillLinePlan =
  | { tipo: 'insumo'; insumo: number; consumo: string; perda_pct: string }
  | { tipo: 'produto'; componente: number; consumo: string; perda_pct: string };

export interface ProductPlan {
  fields: ItemFields;
  level: 'semiacabado' | 'acabado' | 'kit';
  /** Its bill's lines (empty: no bill); components come earlier in `produtos`. */
  bill: BillLinePlan[];
}

export interface CatalogPlan {
  fornecedores: ItemFields[];
  insumos: SupplyItemPlan[];
  /** Semi-finished first, then finished products, then kits: components before their users. */
  produtos: ProductPlan[];
}

export interface CatalogSize {
  produtos: number;
  insumos: number;
  fornecedores: number;
}

/** A clothing factory's catalog: suppliers, supply items by family, and a three-level bill tree. */
export function planCatalog(random: Random, size: CatalogSize): CatalogPlan {
  const fornecedores = Array.from({ length: size.fornecedores }, (_, i) => supplier(random, i));
  const insumos = Array.from({ length: size.insumos }, (_, i) => supplyItem(random, i, size.fornecedores));
  const kits = size.produtos >= 6 ? Math.max(1, Math.round(size.produtos * 0.1)) : 0;
  const semis = size.produtos >= 3 ? Math.max(1, Math.round(size.produtos * 0.2)) : 0;
  const finished = size.produtos - kits - semis;
  const produtos: ProductPlan[] = [];
  for (let i = 0; i < semis; i++)
    produtos.push(product(random, 'semiacabado', SEMI_FINISHED, i, insumos, []));
  const semiIndexes = produtos.map((_, i) => i);
  for (let i = 0; i < finished; i++)
    produtos.push(product(random, 'acabado', FINISHED[i % FINISHED.length]!, i, insumos, semiIndexes));
  const finishedIndexes = produtos.map((_, i) => i).slice(semis);
  for (let i = 0; i < kits; i++) produtos.push(product(random, 'kit', KITS, i, insumos, finishedIndexes));
  return { fornecedores, insumos, produtos };
}

function supplier(random: Random, i: number): ItemFields {
  const base = `${String(10_000_000 + random.int(0, 89_999_999))}0001`;
  return {
    nome: `${random.pick(SUPPLIER_KINDS)} ${random.pick(SURNAMES)} ${random.pick(LEGAL_SUFFIXES)}`,
    cnpj: `${base}${cnpjCheckDigits(base)}`,
    regime: random.chance(0.6) ? 'simples' : 'normal',
    uf: random.pick(UFS),
    lead_time_dias: random.int(2, 30),
    condicao_pagamento: [...random.pick(PAYMENT_TERMS)],
    ativo: i === 0 || random.chance(0.95),
  };
}

function supplyItem(random: Random, i: number, suppliers: number): SupplyItemPlan {
  // Round robin over the families, so even a small catalog has every kind a bill needs.
  const family = SUPPLY_FAMILIES[i % SUPPLY_FAMILIES.length]!;
  const fator = random.pick(family.fatores);
  const cost = Number(random.decimal(family.custo[0], family.custo[1], 4));
  const fornecedor = suppliers > 0 ? random.int(0, suppliers - 1) : null;
  return {
    family,
    factor: Number(fator),
    cost,
    fornecedor,
    fields: {
      sku: `INS-${family.code}-${String(i + 1).padStart(5, '0')}`,
      nome: `${random.pick(family.nomes)} ${random.pick(CORES)}`,
      familia: family.familia,
      ativo: true,
      unidade_compra: family.compra,
      unidade_consumo: family.consumo,
      fator_conversao: fator,
      ncm: family.ncm,
      minimo: String(Number(fator) * random.int(1, 5)),
      lead_time_dias: random.int(3, 45),
      custo_referencia: cost.toFixed(4),
    },
  };
}

function product(
  random: Random,
  level: ProductPlan['level'],
  family: ProductFamily,
  i: number,
  insumos: readonly SupplyItemPlan[],
  components: readonly number[],
): ProductPlan {
  const cor = random.pick(CORES);
  const tamanho = random.pick(TAMANHOS);
  const nome =
    level === 'kit'
      ? `${random.pick(family.nomes)} ${cor}`
      : `${random.pick(family.nomes)} ${cor} ${tamanho}`;
  const fields: ItemFields = {
    sku: `${family.code}-${String(i + 1).padStart(5, '0')}`,
    nome,
    familia: family.familia,
    tipo: level === 'kit' ? 'kit' : 'produto',
    status: level === 'semiacabado' || random.chance(0.95) ? 'ativo' : 'inativo',
    atributos: level === 'kit' ? { cor } : { cor, tamanho },
    ncm: family.ncm,
    importado: random.chance(0.05),
  };
  if (level !== 'semiacabado') {
    fields.ean = ean13(random);
    fields.peso_kg = Number(random.decimal(0.15, 1.8, 3));
    fields.largura_cm = random.int(20, 45);
    fields.altura_cm = random.int(2, 12);
    fields.comprimento_cm = random.int(25, 60);
    fields.ipi_pct = Number(random.pick(['0', '0.05', '0.1']));
    fields.icms_pct = Number(random.pick(['0.12', '0.18']));
  }
  return { fields, level, bill: billLines(random, level, insumos, components) };
}

const FAMILIES_BY_LEVEL: Record<ProductPlan['level'], readonly string[]> = {
  semiacabado: ['Tecidos', 'Linhas', 'Químicos'],
  acabado: ['Tecidos', 'Linhas', 'Aviamentos', 'Zíperes', 'Elásticos', 'Etiquetas', 'Embalagens'],
  kit: ['Embalagens', 'Etiquetas'],
};

function billLines(
  random: Random,
  level: ProductPlan['level'],
  insumos: readonly SupplyItemPlan[],
  components: readonly number[],
): BillLinePlan[] {
  const lines: BillLinePlan[] = [];
  if (components.length > 0) {
    const wanted = level === 'kit' ? random.int(2, 3) : random.chance(0.6) ? 1 : 0;
    const chosen = new Set<number>();
    for (let k = 0; k < wanted; k++) chosen.add(random.pick(components));
    for (const componente of [...chosen].sort((a, b) => a - b))
      lines.push({
        tipo: 'produto',
        componente,
        consumo: String(level === 'kit' ? random.int(1, 3) : 1),
        perda_pct: '0',
      });
  }
  const used = new Set<number>();
  for (const familia of FAMILIES_BY_LEVEL[level]) {
    // Finished products use some optional families only; the first two are always there.
    if (lines.length >= 2 && !random.chance(0.6)) continue;
    const candidates = insumos.flatMap((item, index) => (item.family.familia === familia ? [index] : []));
    if (candidates.length === 0) continue;
    const insumo = random.pick(candidates);
    if (used.has(insumo)) continue;
    used.add(insumo);
    const [min, max] = insumos[insumo]!.family.consumo_ficha;
    const integral = insumos[insumo]!.family.consumo === 'un' && min >= 1;
    lines.push({
      tipo: 'insumo',
      insumo,
      consumo: integral ? String(random.int(min, max)) : random.decimal(min, max, 3),
      perda_pct: random.decimal(0, 0.08, 3),
    });
  }
  return lines;
}

/** A GTIN-13 with the Brazilian prefix 789 and a valid check digit. */
function ean13(random: Random): string {
  const body = `789${String(random.int(0, 999_999_999)).padStart(9, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
