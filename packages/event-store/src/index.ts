export {
  compareCheckpoints,
  formatCheckpoint,
  LOG_START,
  type LogCheckpoint,
  parseCheckpoint,
} from './checkpoint.js';
export { DuplicateEventIdsError, UniquenessConflictError, WrongExpectedRevisionError } from './errors.js';
export type {
  AppendedRef,
  AppendOptions,
  AppendOutcome,
  AppendRequest,
  AppendResult,
  CountEventsOptions,
  EventMetadata,
  EventShape,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  LoadedStreamData,
  LogHead,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  StreamRevision,
  StreamToLoad,
  SubscribeOptions,
  Subscription,
  WriteSideRowsOf,
} from './event-store.js';
export { createKurrentEventStore } from './kurrentdb/kurrentdb-event-store.js';
export { type EventLog, type OpenEventStoreOptions, openEventStore } from './open-event-store.js';
export {
  createPostgresEventStore,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres/postgres-event-store.js';
export { parseStreamName, type StreamNameParts, streamName, streamPrefix } from './stream-name.js';
export type {
  ActiveBillRow,
  KeyAnswerRow,
  MovementIndexRow,
  ProductAliasesRow,
  ProductRow,
  SnapshotKind,
  SnapshotRow,
  SupplierRow,
  SupplyItemRow,
  UniqueKey,
  UniquenessChange,
  WriteCheck,
  WriteSideRow,
} from './write-side.js';
