import { randomUUID } from 'node:crypto';
import { eventIdsFor, uuidV5 } from '../event-ids.js';
import type { WriteContext } from '../write-context.js';

/** The ids one command uses: its events' and any it mints (a new record, bill lines). */
export interface CommandIds {
  eventId: (index: number) => string;
  /** A stable id per name within the command: derived with a key, else drawn once. */
  minted: (name: string) => string;
}

/**
 * With an Idempotency-Key every id derives from (token, key, part, name), so a retried request
 * (a lease taken over after a crash) rebuilds the same command on the same stream and the log
 * recognises its events (invariant 3). `part` tells the commands of one request apart (a
 * batch's item index). Without a key the ids are random, drawn once per command.
 */
export function commandIds(context: WriteContext, part: string): CommandIds {
  const { tokenId, idempotencyKey } = context;
  const derived = tokenId !== null && idempotencyKey !== null;
  const eventId = eventIdsFor({ tokenId, idempotencyKey: derived ? `${idempotencyKey}|${part}` : null });
  const drawn = new Map<string, string>();
  return {
    eventId,
    minted(name) {
      const id = derived
        ? uuidV5(JSON.stringify([tokenId, idempotencyKey, part, name]))
        : (drawn.get(name) ?? randomUUID());
      drawn.set(name, id);
      return id;
    },
  };
}
