// The scopes of the specification, fixed at token creation. `:escrever` includes `:ler` of the
// same resource; `qualquer` is what an operation accepting any token declares.

const READ_WRITE = [
  'produtos',
  'insumos',
  'fornecedores',
  'fichas',
  'estoque',
  'compras',
  'producao',
] as const;

export const ALL_SCOPES = [
  ...READ_WRITE.flatMap((r) => [`${r}:ler`, `${r}:escrever`] as const),
  'pedidos:ler',
  'notas:ler',
  'custos:ler',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

/** The required value of operations open to every token. */
export const ANY_SCOPE = 'qualquer';

const KNOWN: ReadonlySet<string> = new Set(ALL_SCOPES);

export function isScope(s: string): s is Scope {
  return KNOWN.has(s);
}

export function grants(tokenScopes: readonly string[], required: string): boolean {
  if (required === ANY_SCOPE) return true;
  if (tokenScopes.includes(required)) return true;
  if (!required.endsWith(':ler')) return false;
  return tokenScopes.includes(`${required.slice(0, -':ler'.length)}:escrever`);
}
