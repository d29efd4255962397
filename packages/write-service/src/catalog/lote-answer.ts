import type { Resultado } from '@factory/api';
import type { FreshAnswer } from '@factory/http';
import { positionHeader } from './catalog-deps.js';

/** HTTP 200 even when items are refused; `X-Posicao-Log` only when something was appended. */
export const loteAnswer = (batch: {
  resultados: Resultado[];
  position: number | null;
}): FreshAnswer<{ resultados: Resultado[] }> => ({
  status: 200,
  headers: positionHeader(batch.position),
  body: { resultados: batch.resultados },
});
