/** The words a seeded clothing factory is made of: families, units and names (data, in Portuguese). */

export interface SupplyFamily {
  familia: string;
  code: string;
  nomes: readonly string[];
  compra: string;
  consumo: string;
  fatores: readonly string[];
  /** Reference cost range per consumption unit, in reais. */
  custo: readonly [number, number];
  ncm: string;
  /** Consumption per unit produced on a bill line, in consumption units. */
  consumo_ficha: readonly [number, number];
}

export const SUPPLY_FAMILIES: readonly SupplyFamily[] = [
  {
    familia: 'Tecidos',
    code: 'TEC',
    nomes: ['Malha penteada', 'Brim', 'Sarja', 'Tricoline', 'Moletom flanelado', 'Viscose'],
    compra: 'rolo',
    consumo: 'm',
    fatores: ['30', '50', '60'],
    custo: [8, 35],
    ncm: '60062200',
    consumo_ficha: [0.3, 1.8],
  },
  {
    familia: 'Linhas',
    code: 'LIN',
    nomes: ['Linha poliéster', 'Linha algodão', 'Linha overloque'],
    compra: 'cx',
    consumo: 'un',
    fatores: ['10', '12'],
    custo: [3, 9],
    ncm: '54011011',
    consumo_ficha: [0.02, 0.2],
  },
  {
    familia: 'Aviamentos',
    code: 'AVI',
    nomes: ['Botão 4 furos', 'Botão de pressão', 'Ilhós metálico', 'Rebite'],
    compra: 'cx',
    consumo: 'un',
    fatores: ['100', '144', '500'],
    custo: [0.05, 0.6],
    ncm: '96062100',
    consumo_ficha: [1, 8],
  },
  {
    familia: 'Zíperes',
    code: 'ZIP',
    nomes: ['Zíper comum', 'Zíper destacável', 'Zíper invisível'],
    compra: 'cx',
    consumo: 'un',
    fatores: ['50', '100'],
    custo: [0.8, 3.5],
    ncm: '96071900',
    consumo_ficha: [1, 1],
  },
  {
    familia: 'Elásticos',
    code: 'ELA',
    nomes: ['Elástico chato', 'Elástico roliço', 'Viés'],
    compra: 'rolo',
    consumo: 'm',
    fatores: ['25', '50', '100'],
    custo: [0.3, 1.5],
    ncm: '58062000',
    consumo_ficha: [0.2, 1.2],
  },
  {
    familia: 'Etiquetas',
    code: 'ETQ',
    nomes: ['Etiqueta bordada', 'Etiqueta de composição', 'Tag de papel'],
    compra: 'rolo',
    consumo: 'un',
    fatores: ['500', '1000'],
    custo: [0.02, 0.25],
    ncm: '58071000',
    consumo_ficha: [1, 2],
  },
  {
    familia: 'Embalagens',
    code: 'EMB',
    nomes: ['Saco plástico', 'Caixa de papelão', 'Papel de seda'],
    compra: 'cx',
    consumo: 'un',
    fatores: ['25', '100', '200'],
    custo: [0.1, 2.5],
    ncm: '48191000',
    consumo_ficha: [1, 1],
  },
  {
    familia: 'Químicos',
    code: 'QUI',
    nomes: ['Amaciante', 'Tinta para estamparia', 'Fixador'],
    compra: 'l',
    consumo: 'ml',
    fatores: ['1000'],
    custo: [0.01, 0.08],
    ncm: '38099190',
    consumo_ficha: [5, 60],
  },
];

export const CORES = [
  'branco',
  'preto',
  'azul-marinho',
  'cinza mescla',
  'vermelho',
  'verde-musgo',
  'bege',
  'rosa',
];
export const TAMANHOS = ['P', 'M', 'G', 'GG'];

export interface ProductFamily {
  familia: string;
  code: string;
  nomes: readonly string[];
  ncm: string;
}

export const SEMI_FINISHED: ProductFamily = {
  familia: 'Semiacabados',
  code: 'SEMI',
  nomes: ['Corpo cortado', 'Frente estampada', 'Manga cortada', 'Forro costurado', 'Bolso montado'],
  ncm: '62179000',
};

export const FINISHED: readonly ProductFamily[] = [
  {
    familia: 'Camisetas',
    code: 'CAM',
    nomes: ['Camiseta básica', 'Camiseta gola V', 'Regata'],
    ncm: '61091000',
  },
  { familia: 'Calças', code: 'CAL', nomes: ['Calça jeans', 'Calça sarja', 'Calça jogger'], ncm: '62034200' },
  { familia: 'Bermudas', code: 'BER', nomes: ['Bermuda sarja', 'Bermuda moletom'], ncm: '62034300' },
  { familia: 'Moletons', code: 'MOL', nomes: ['Moletom canguru', 'Moletom careca'], ncm: '61102000' },
  { familia: 'Jaquetas', code: 'JAQ', nomes: ['Jaqueta corta-vento', 'Jaqueta jeans'], ncm: '62019300' },
];

export const KITS: ProductFamily = {
  familia: 'Kits',
  code: 'KIT',
  nomes: ['Kit presente', 'Kit 3 peças', 'Kit família'],
  ncm: '62171000',
};

export const SUPPLIER_KINDS = ['Têxtil', 'Malharia', 'Aviamentos', 'Embalagens', 'Química', 'Comercial'];
export const SURNAMES = [
  'Silva',
  'Souza',
  'Oliveira',
  'Pereira',
  'Almeida',
  'Costa',
  'Ribeiro',
  'Carvalho',
  'Gomes',
  'Martins',
];
export const LEGAL_SUFFIXES = ['Ltda', 'S.A.', 'ME', 'EPP'];
export const UFS = ['SP', 'SC', 'PR', 'MG', 'RS', 'GO', 'CE', 'PE', 'RJ'];
export const PAYMENT_TERMS: ReadonlyArray<readonly number[]> = [[0], [30], [30, 60], [30, 60, 90], [28, 56]];
export const COMPANY_NAMES = ['Confecção', 'Malharia', 'Indústria Têxtil', 'Ateliê', 'Fábrica'];

export const MOTIVOS = {
  perda: ['Avaria no manuseio', 'Defeito de fabricação', 'Extravio', 'Mancha no tecido'],
  ajuste: ['Inventário mensal', 'Correção de lançamento', 'Contagem cíclica'],
  estorno: ['Lançamento em duplicidade', 'Nota fiscal cancelada', 'Quantidade digitada errada'],
} as const;
