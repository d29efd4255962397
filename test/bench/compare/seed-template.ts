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

/** A database holding a seeded history, its projections still built. */
export interface Seeded {
  name: string;
  /** The seeded company and its token (every scope). */
  empresaId: string;
  token: string;
  events: number;
  /** semear's own time (writes with its projector in the same process): a figure, not a pair. */
  seedSeconds: number;
}

/** A build's seeded database, its projections emptied: every run of that build starts from a copy. */
export interface Template extends Seeded {
  projections: Projections;
}

/** One company's history written by the build's own `semear`. */
export async function seed(build: Build, sizes: Sizes, semente: string): Promise<Seeded> {
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
    ])) as { empresas: Array<{ id: string; token: string }>; eventos: number; segundos: number };
    const [empresa] = seeded.empresas;
    return {
      name,
      empresaId: empresa!.id,
      token: empresa!.token,
      events: seeded.eventos,
      seedSeconds: seeded.segundos,
    };
  } catch (error) {
    await dropDatabase(name);
    throw error;
  }
}

/**
 * A copy of another build's seeded database brought to `build`'s schema by `build`'s own
 * migrations (its ops CLI applies pending ones before any command), as an upgrade would: both
 * builds then run on the very same log, even when their `semear` write different histories.
 */
export async function upgradedCopy(seeded: Seeded, build: Build): Promise<Seeded> {
  const name = freshName(`cmp_${build.label}`);
  await createDatabase(name, seeded.name);
  try {
    await ops(build, databaseUrl(name), ['projecoes', 'status']);
    return { ...seeded, name };
  } catch (error) {
    await dropDatabase(name);
    throw error;
  }
}

/** Empties the projections (see emptyProjections), so that each run's projector starts from zero. */
export async function toTemplate(seeded: Seeded): Promise<Template> {
  return { ...seeded, projections: await withDatabase(seeded.name, emptyProjections) };
}
