import type { StreamAppend } from '@factory/event-store';

/**
 * The plan's streams (the items', then its companion, the Nota's) with `more` before the Nota's,
 * so that the Nota's event is the write's last: its position is the answer's X-Posicao-Log, and a
 * client that waits for it sees every part of the write.
 */
export function lastTheNota(appends: readonly StreamAppend[], more: readonly StreamAppend[]): StreamAppend[] {
  return [...appends.slice(0, -1), ...more, ...appends.slice(-1)];
}
