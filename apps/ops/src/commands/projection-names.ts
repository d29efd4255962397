import { PROJECTIONS, type Projection } from '@factory/read-models';
import { UsageError } from '../command.js';

export const PROJECTION_NAMES = PROJECTIONS.map((p) => p.name).join(', ');

/** `--projecao NOME` (one of the service's projections), or every one with `all`. */
export function chosenProjections(name: string | undefined, all: boolean): Projection[] {
  if (name !== undefined && all) throw new UsageError('use --projecao ou --todas, não os dois');
  if (all) return [...PROJECTIONS];
  if (name === undefined) return [];
  const projection = PROJECTIONS.find((p) => p.name === name);
  if (!projection) throw new UsageError(`projeção desconhecida: ${name} (projeções: ${PROJECTION_NAMES})`);
  return [projection];
}
