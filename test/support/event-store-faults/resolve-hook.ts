// The resolve hook that register.ts installs (node:module hooks, run on the loader's thread).
const FAULTY = new URL('./faulty-write-model.ts', import.meta.url).href;

interface ResolveContext {
  parentURL?: string;
}
type NextResolve = (specifier: string, context: ResolveContext) => Promise<{ url: string }>;

/** '@factory/write-model' is the faulty write model, except for that module's own import of it. */
export function resolve(specifier: string, context: ResolveContext, nextResolve: NextResolve) {
  // Through the next hooks (tsx's), which take the TypeScript file as they take any other.
  if (specifier === '@factory/write-model' && context.parentURL !== FAULTY)
    return nextResolve(FAULTY, context);
  return nextResolve(specifier, context);
}
