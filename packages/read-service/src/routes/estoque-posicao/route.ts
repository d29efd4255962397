import { estoquePosicao, presentPosicao } from '@factory/api';
import type { Pool } from '@factory/database';
import { productionDayEnd } from '@factory/domain';
import { ApiError, instantFilterUtc, keysetField } from '@factory/http';
import { type PositionPageQuery, readPosition } from '@factory/read-models';
import { z } from 'zod';
import { defineListRoute, type ListDeps } from '../list-route.js';

/** Keyset text (UTC, microseconds, `Z`) in the specification's form, precision kept. */
const keysetInstant = (text: string) => text.replace(/Z$/, '+00:00');

const future = (campo: string) =>
  new ApiError('parametro_invalido', { campo, mensagem: `${campo} não pode estar no futuro` });

// Today's position at its end is not known yet: the day has not ended, it is not in the future.
const notEnded = () =>
  new ApiError('parametro_invalido', {
    campo: 'dia',
    mensagem: 'dia ainda não terminou: a posição no fim do dia só é conhecida depois da virada',
  });

async function readPage(pool: Pool, query: PositionPageQuery) {
  const page = await readPosition(pool, query);
  return { rows: page.rows, envelope: { em: keysetInstant(page.em) } };
}

/**
 * GET /v1/estoque/posicao: the balance and average cost of every item and location at an
 * instant (`em`), at the end of a production day (`dia`), or now; by (insumo_id, local_id).
 */
export const estoquePosicaoRoute = (deps: ListDeps) =>
  defineListRoute(deps, estoquePosicao, {
    keyset: z.tuple([keysetField.instant, keysetField.uuid, keysetField.uuid]),
    keysetOf: (row) => [row.em, row.insumo_id, row.local_id],
    read: readPage,
    readFilters: (filters, auth) => {
      if (filters.em !== undefined && filters.dia !== undefined) {
        throw new ApiError('parametro_invalido', { campo: 'dia', mensagem: 'informe em ou dia, não ambos' });
      }
      const now = deps.clock().getTime();
      let instante: string | undefined;
      let antesDe = false;
      if (filters.em !== undefined) {
        instante = instantFilterUtc(filters.em);
        if (instante === 'infinity' || Date.parse(instante) > now) throw future('em');
      } else if (filters.dia !== undefined) {
        const end = productionDayEnd(filters.dia, {
          fuso: auth.empresa.fuso,
          horaVirada: auth.empresa.horaVirada,
        });
        // The position at the end of a day that has not ended is not known yet.
        if (end.getTime() > now) throw notEnded();
        instante = end.toISOString();
        // A movement at the turn instant already belongs to the next day.
        antesDe = true;
      }
      return { instante, antesDe, insumoId: filters.insumo_id, localId: filters.local_id };
    },
    present: (row) => presentPosicao(row),
  });
