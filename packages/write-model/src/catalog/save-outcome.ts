import type { SaveOutcome } from './catalog-outcome.js';
import type { CatalogRun } from './run-catalog-command.js';

/** An upsert's answer: the record's id, and the position when something was appended. */
export function saveOutcome<S, E>(run: CatalogRun<S, E>): SaveOutcome {
  if (!run.ok) return run;
  return { ok: true, id: run.id, position: run.kind === 'appended' ? run.position : null };
}
