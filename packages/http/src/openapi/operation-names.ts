import type { AnyRouteDeclaration } from '../routes/route-definition.js';

const pascal = (text: string) =>
  text
    .split(/[-_.]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * A stable operationId from the method and the path, one style for all: `getProdutos`,
 * `getProdutosById`, `postEstoqueMovimentosByIdEstorno`. Renaming a path is the only way to
 * change one, and that is a breaking change anyway.
 */
export function operationIdOf(route: Pick<AnyRouteDeclaration, 'method' | 'url'>): string {
  const segments = route.url
    .split('/')
    .filter((s) => s !== '' && s !== 'v1')
    .map((s) => (s.startsWith(':') ? `By${pascal(s.slice(1))}` : pascal(s)));
  return route.method.toLowerCase() + segments.join('');
}

/** The resource a route belongs to: the first path segment after /v1 (`produtos`, `estoque`..., `openapi`). */
export function tagOf(route: Pick<AnyRouteDeclaration, 'url'>): string {
  const first = route.url.split('/').filter((s) => s !== '' && s !== 'v1')[0] ?? '';
  return first.replace(/\.json$/, '');
}
