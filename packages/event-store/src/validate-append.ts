import type { EventToAppend } from './event-store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Refuses what no adapter can store faithfully, before anything is sent. A caller error, not a
 * conflict: plain TypeErrors. An empty append is refused too, because "appended nothing" has no
 * position to report and the write path must not send `X-Posicao-Log` for it.
 */
export function validateAppend(stream: string, events: readonly EventToAppend[]): void {
  if (stream.length === 0) throw new TypeError('empty stream name');
  if (events.length === 0) throw new TypeError(`append to ${stream}: no events`);
  const ids = new Set<string>();
  for (const event of events) {
    if (!UUID.test(event.id)) throw new TypeError(`append to ${stream}: event id is not a uuid: ${event.id}`);
    const id = event.id.toLowerCase();
    if (ids.has(id)) throw new TypeError(`append to ${stream}: event id ${event.id} given twice`);
    ids.add(id);
    if (event.type.length === 0) throw new TypeError(`append to ${stream}: empty event type`);
    if (event.data === undefined) throw new TypeError(`append to ${stream}: event ${event.id} has no data`);
    if (event.created && Number.isNaN(event.created.getTime()))
      throw new TypeError(`append to ${stream}: event ${event.id} has an invalid created time`);
  }
}
