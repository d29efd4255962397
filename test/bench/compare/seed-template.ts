import { ops } from './apps.js';
import type { Build } from './checkout.js';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  emptyProjections,
  freshName,
  type Projections,
  withDatabase,
} from './databases.js';

export interface Sizes {
  produtos: number;
  insumos: number;
  fornecedores: number;
  movimentos: number;
}

/** A build's seeded database, its projections emptied: every run of that build starts from a copy. */
export interface Template {
  name: string;
  token: string;
  events: number;
  /** semear's own time (writes with its projector in the same process): a figure, not a pair. */
  seedSeconds: number;
  projections: Projections;
}

/**
 * One company's history written by the build's own `semear` (same sizes and seed on both builds,
 * so the same history), then its projections emptied (see emptyProjections).
 */
export async function seedTemplate(build: Build, sizes: Sizes, semente: string): Promise<Template> {
  const name = freshName(`cmp_${build.label}`);
  await createDatabase(name);
  try {
    const args = Object.entries(sizes).flatMap(([option, n]) => [`--${option}`, String(n)]);
    const seeded = (await ops(build, databaseUrl(name), [
      'semear',
      '--empresas',
      '1',
      ...args,
      '--semente',
      semente,
    ])) as { empresas: Array<{ token: string }>; eventos: number; segundos: number };
    const projections = await withDatabase(name, emptyProjections);
    return {
      name,
      token: seeded.empresas[0]!.token,
      events: seeded.eventos,
      seedSeconds: seeded.segundos,
      projections,
    };
  } catch (error) {
    await dropDatabase(name);
    throw error;
  }
}
