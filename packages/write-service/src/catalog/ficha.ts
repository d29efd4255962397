import { type Ficha, presentFicha } from '@factory/api';
import type { SubstituirFichaOutcome } from '@factory/write-model';

type Defined = Extract<SubstituirFichaOutcome, { ok: true }>['ficha'];

/** The new version as the API shows it (the shared Ficha resource): created at `definida_em`. */
export const toFicha = (ficha: Defined, custo: string | null): Ficha =>
  presentFicha({ ...ficha, atualizado_em: ficha.definida_em, custo });
