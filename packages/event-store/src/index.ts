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
export {
  type AppendedRow,
  type AppendGuard,
  type AppendWrite,
  appendInTransaction,
  appendStreams,
  EVENTS_APPENDED_CHANNEL,
  notifyAppended,
  StaleTransactionError,
  type StreamAppend,
  type StreamsOutcome,
  tryAppend,
} from './postgres/append-to-stream.js';
export {
  createPostgresEventStore,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres/postgres-event-store.js';
export { mergeRowWrites, type RowWrite, type RowWriteKind, rowWrite } from './postgres/row-writes.js';
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
  StreamToLoad,
  SupplierRow,
  SupplyItemRow,
  UniqueKey,
  UniquenessChange,
  WriteCheck,
  WriteSideRow,
  WriteSideRowsOf,
} from './write-side.js';
