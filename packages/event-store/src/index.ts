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
} from './event-store.js';
export { createKurrentEventStore } from './kurrentdb/kurrentdb-event-store.js';
export { type EventLog, type OpenEventStoreOptions, openEventStore } from './open-event-store.js';
export {
  createPostgresEventStore,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres/postgres-event-store.js';
export { parseStreamName, type StreamNameParts, streamName, streamPrefix } from './stream-name.js';
export { WakeSignal } from './subscription/wake-signal.js';
export {
  type InlineProjection,
  type ProjectedRow,
  projected,
  type SnapshotWrite,
  type SqlWrite,
  type UniqueKey,
  type UniquenessChange,
  type WriteGuard,
} from './write-side.js';
