import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_RETRY, type FactoryClient, type RetryPolicy, waitBeforeRetry } from '@factory/client';
import type { CsvMovement } from './csv-movements.js';
import { lineKey } from './line-key.js';
import { type Progress, saveProgress } from './progress-file.js';

export interface PushOptions {
  client: FactoryClient;
  movements: readonly CsvMovement[];
  /** Names the source in every line's key (by default the CSV's file name). */
  origem: string;
  progress: Progress;
  progressPath: string;
  retry?: RetryPolicy;
  /** Called after each line, and before each wait with what is being waited for. */
  report?: (progress: Progress, waiting?: string) => void;
}

/** The service kept failing a line past the retry policy: the run stops; a new one goes on. */
export class PushStopped extends Error {}

/**
 * Posts the movements after `progress.feitas`, one at a time and in file order: the ledger's
 * average costs depend on the order of entries and exits, so lines are never sent in parallel.
 * Each line is sent with its own key until the service gives a final answer: 201 (posted, or
 * replayed when `Idempotency-Replayed` says so), or a 4xx other than 429 (refused: recorded,
 * and the push goes on). The progress file is saved after every line, so a run killed anywhere
 * sends again at most the line in flight, whose key makes the service answer it as a replay.
 */
export async function pushMovements(options: PushOptions): Promise<Progress> {
  const { client, movements, progress } = options;
  const policy = options.retry ?? DEFAULT_RETRY;
  for (const movement of movements.slice(progress.feitas)) {
    const key = lineKey(options.origem, movement.linha, movement.original);
    for (let attempt = 1; ; attempt++) {
      let status: number | null = null;
      let retryAfter: string | null = null;
      let replayed = false;
      let refusal: { codigo: string; mensagem: string } | undefined;
      try {
        const { error, response } = await client.POST('/v1/estoque/movimentos', {
          params: { header: { 'Idempotency-Key': key } },
          body: movement.body,
        });
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        replayed = response.headers.get('idempotency-replayed') === 'true';
        if (error) refusal = error.erro;
      } catch {
        // A refused connection, a reset or a timeout: the line may or may not have been taken;
        // its key makes sending it again safe.
      }
      if (status === 201) {
        if (replayed) progress.repetidas++;
        else progress.enviadas++;
        break;
      }
      const wait = waitBeforeRetry(status, retryAfter, attempt, policy);
      if (wait !== null) {
        options.report?.(progress, `line ${movement.linha}: ${status ?? 'no answer'}, again in ${wait} ms`);
        await sleep(wait);
        continue;
      }
      if (status !== null && status >= 400 && status < 500) {
        progress.recusadas.push({
          linha: movement.linha,
          status,
          codigo: refusal?.codigo ?? '',
          mensagem: refusal?.mensagem ?? '',
        });
        break;
      }
      saveProgress(options.progressPath, progress);
      throw new PushStopped(
        `line ${movement.linha}: ${status ?? 'no answer'} after ${attempt} attempts; run again to go on`,
      );
    }
    progress.feitas++;
    saveProgress(options.progressPath, progress);
    options.report?.(progress);
  }
  return progress;
}
