import { ALL_SCOPES, type TokenSituation } from '@factory/domain';

// How the pages write instants, scopes and situations, in Portuguese.

const partsIn = (date: Date, timeZone: string, withTime: boolean) => {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset' } : {}),
  } as Intl.DateTimeFormatOptions).formatToParts(date);
  return (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
};

/** `31/01/2030 09:05 (-03:00)`: the company's zone with its offset at that instant. */
export function instantIn(date: Date, timeZone: string): string {
  const part = partsIn(date, timeZone, true);
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')} (${offset})`;
}

/** `31/01/2030`: the day in the company's zone. */
export function dateIn(date: Date, timeZone: string): string {
  const part = partsIn(date, timeZone, false);
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** Resources that take Ler e escrever, then those that are read only, in the specification's order. */
export const READ_WRITE_RESOURCES = ALL_SCOPES.filter((s) => s.endsWith(':escrever')).map(
  (s) => s.split(':')[0]!,
);
export const READ_ONLY_RESOURCES = ALL_SCOPES.filter(
  (s) => s.endsWith(':ler') && s !== 'custos:ler' && !READ_WRITE_RESOURCES.includes(s.split(':')[0]!),
).map((s) => s.split(':')[0]!);

export const RESOURCE_LABELS: Record<string, string> = {
  produtos: 'Produtos',
  insumos: 'Insumos',
  fornecedores: 'Fornecedores',
  fichas: 'Fichas técnicas',
  estoque: 'Estoque',
  compras: 'Compras',
  producao: 'Produção',
  pedidos: 'Pedidos',
  notas: 'Notas fiscais',
};

/** `produtos: ler e escrever; pedidos: ler; custos`, or `nenhum escopo`. */
export function scopesInWords(escopos: readonly string[]): string {
  const words: string[] = [];
  for (const resource of [...READ_WRITE_RESOURCES, ...READ_ONLY_RESOURCES]) {
    const label = RESOURCE_LABELS[resource] ?? resource;
    if (escopos.includes(`${resource}:escrever`)) words.push(`${label}: ler e escrever`);
    else if (escopos.includes(`${resource}:ler`)) words.push(`${label}: ler`);
  }
  if (escopos.includes('custos:ler')) words.push('custos');
  return words.length === 0 ? 'nenhum escopo' : words.join('; ');
}

export const SITUATIONS: readonly TokenSituation[] = ['ativo', 'vencido', 'revogado', 'sem dono'];

export function isSituation(value: unknown): value is TokenSituation {
  return typeof value === 'string' && (SITUATIONS as readonly string[]).includes(value);
}
