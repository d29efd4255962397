import type { EventShape } from '@factory/event-store';
import type { DeleteOutcome } from './catalog-outcome.js';
import type { CatalogRun } from './run-catalog-command.js';

/**
 * A deletion's answer: `excluido_em` from the deletion event just appended, or, when the record
 * was deleted before (nothing appended), the stored one, so a repeat answers the same.
 */
export function deleteOutcome<S, E extends EventShape>(
  run: CatalogRun<S, E>,
  storedDeletion: (state: S) => string | null,
): DeleteOutcome {
  if (!run.ok) return run;
  if (run.kind === 'appended') {
    const deletion = run.events.at(-1)!.data as { excluido_em: string };
    return { ok: true, id: run.id, excluido_em: deletion.excluido_em, position: run.position };
  }
  const excluidoEm = storedDeletion(run.state);
  if (excluidoEm === null) throw new Error(`deleting ${run.id} appended nothing yet it is not deleted`);
  return { ok: true, id: run.id, excluido_em: excluidoEm, position: null };
}
