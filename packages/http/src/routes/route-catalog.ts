import type { AnyRouteDeclaration, HttpMethod } from './route-definition.js';

/** Every route registered on an instance: the source of the OpenAPI document and of 405's Allow. */
export class RouteCatalog {
  readonly routes: AnyRouteDeclaration[] = [];
  readonly #patterns: Array<{ regex: RegExp; method: HttpMethod; route: AnyRouteDeclaration }> = [];

  /** A catalog of declarations served elsewhere: what a router reads to pick a process. */
  static of(routes: readonly AnyRouteDeclaration[]): RouteCatalog {
    const catalog = new RouteCatalog();
    for (const route of routes) catalog.add(route);
    return catalog;
  }

  add(route: AnyRouteDeclaration): void {
    this.routes.push(route);
    const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
    this.#patterns.push({ regex: new RegExp(`^${source}/?$`), method: route.method, route });
  }

  /** The route serving `method` on a concrete path, if any. */
  routeFor(method: string, path: string): AnyRouteDeclaration | undefined {
    return this.#patterns.find((p) => p.method === method && p.regex.test(path))?.route;
  }

  /** The methods served on a concrete path (empty when the path matches no route). */
  methodsFor(path: string): HttpMethod[] {
    return [...new Set(this.#patterns.filter((p) => p.regex.test(path)).map((p) => p.method))];
  }
}
