import type { LogCheckpoint } from './checkpoint.js';

/** What every stored event is: a stable, versioned type name and its JSON data. */
export type EventShape = { type: string; data: unknown };

export type EventMetadata = Record<string, unknown>;

export type EventToAppend<E extends EventShape = EventShape> = E & {
  /** A uuid. Derived from (token, Idempotency-Key) when the command has one, so a retry dedups. */
  id: string;
  metadata?: EventMetadata;
  /**
   * When the fact happened, as the command handler's `now` (the domain never reads a clock).
   * Left out, the store's own clock at append time is used.
   */
  created?: Date;
};

export type RecordedEvent<E extends EventShape = EventShape> = E & {
  id: string;
  stream: string;
  /** 0 for the first event of a stream. */
  revision: number;
  /** The number a client sees as `X-Posicao-Log`; unique, but not the log order (see checkpoint). */
  position: number;
  /** Where the event sits in the global log: resume reading after it. */
  checkpoint: LogCheckpoint;
  metadata: EventMetadata;
  created: Date;
};
