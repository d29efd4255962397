import { type AuthContext, canSeeCosts, type Ficha } from '@factory/http';
import type { DefineBillOutcome } from '@factory/write-model';

type Defined = Extract<DefineBillOutcome, { ok: true }>['ficha'];

/**
 * The new version as the API shows it: decimals (text in the log) as numbers; `custo` only for
 * tokens with `custos:ler` (computed by the caller, see the README), `atualizado_em` the instant
 * the version was created.
 */
export function toFicha(ficha: Defined, custo: string | null, auth: AuthContext): Ficha {
  return {
    produto_id: ficha.produto_id,
    versao: ficha.versao,
    ativa: true,
    atualizado_em: ficha.definida_em,
    linhas: ficha.linhas.map((linha) => ({
      ...linha,
      consumo: Number(linha.consumo),
      perda_pct: Number(linha.perda_pct),
    })),
    custo: canSeeCosts(auth) && custo !== null ? Number(custo) : null,
  };
}
