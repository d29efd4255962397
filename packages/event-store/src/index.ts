export {
  compareCheckpoints,
  formatCheckpoint,
  LOG_START,
  type LogCheckpoint,
  parseCheckpoint,
} from './checkpoint.js';
export { DuplicateEventIdsError, UniquenessConflictError, WrongExpectedRevisionError } from './errors.js';
export type {
  AppendOptions,
  AppendResult,
  CountEventsOptions,
  EventMetadata,
  EventShape,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  LogHead,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamRevision,
  SubscribeOptions,
  Subscription,
} from './event-store.js';
export { createKurrentEventStore } from './kurrentdb/kurrentdb-event-store.js';
export { type EventLog, type OpenEventStoreOptions, openEventStore } from './open-event-store.js';
// PostgreSQL only, for tests that hold a transaction open across an append (late commits).
export { appendInTransaction } from './postgres/append-to-stream.js';
export {
  createPostgresEventStore,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres/postgres-event-store.js';
export { parseStreamName, type StreamNameParts, streamName, streamPrefix } from './stream-name.js';
export type {
  ActiveBillRow,
  AppendedRef,
  AppendOutcome,
  AppendRequest,
  KeyAnswerRow,
  LoadedStreamData,
  MovementIndexRow,
  ProductAliasesRow,
  ProductRow,
  SnapshotKind,
  SnapshotRow,
  StreamAppend,
  StreamToLoad,
  SupplierRow,
  SupplyItemRow,
  UniqueKey,
  UniquenessChange,
  WriteCheck,
  WriteSideRow,
  WriteSideRowsOf,
} from './write-side.js';
