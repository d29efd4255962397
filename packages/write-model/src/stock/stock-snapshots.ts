import { fromSnapshot, type StockSnapshot, type StockState, toSnapshot } from '@factory/domain';
import type { SnapshotWrite } from '@factory/event-store';
import type { SnapshotCodec } from '../decider.js';

/** Stock states as snapshots of kind 'stock' (the stock decider's own shape, `toSnapshot`). */
export const stockSnapshots: SnapshotCodec<StockState> = {
  kind: 'stock',
  encode: (state) => toSnapshot(state),
  decode: (data) => fromSnapshot(data as StockSnapshot),
};

/**
 * A snapshot written by the append that brings its stream to `revision` (its last event there
 * is `eventId`): it goes with the events, costs no round trip of its own, and is never ahead of
 * the log.
 */
export const snapshotRow = (row: {
  eventId: string;
  stream: string;
  revision: number;
  snapshot: StockSnapshot;
}): SnapshotWrite => ({
  kind: stockSnapshots.kind,
  eventId: row.eventId,
  stream: row.stream,
  revision: row.revision,
  data: row.snapshot,
});
