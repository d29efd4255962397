import type { AppendStreamState, CurrentStreamState, JSONType } from '@kurrent/kurrentdb-client';
import type { ExpectedRevision, StreamAppend, StreamRevision } from '../event-store.js';
import type { KurrentConnection } from './connection.js';
import { storedMetadata, storedProperties } from './recorded-event.js';

/** A stream was not at its expected revision: nothing was written. */
export interface StreamConflict {
  stream: string;
  expected: ExpectedRevision;
  actual: StreamRevision;
}

export class MultiStreamAppendUnsupported extends Error {
  constructor(cause: unknown) {
    super(
      "KurrentDB: this write appends to several streams at once, which needs the server's " +
        'multi-stream append (KurrentDB 25.1 or later); this server does not offer it',
      { cause },
    );
  }
}

/**
 * Writes the streams atomically: one stream through the classic append (any server version),
 * several through `multiStreamAppend` (KurrentDB 25.1+; an older server refuses the write with
 * MultiStreamAppendUnsupported, never half-writes it). A stream not at its expected revision
 * comes back as the conflict the server reported (it names one stream).
 */
export async function writeStreams(
  { kurrent, client }: KurrentConnection,
  streams: readonly StreamAppend[],
): Promise<{ written: true } | { written: false; conflict: StreamConflict }> {
  try {
    if (streams.length === 1) {
      const [only] = streams;
      await client.appendToStream(
        only!.stream,
        only!.events.map((e) =>
          kurrent.jsonEvent({
            id: e.id,
            type: e.type,
            data: e.data as JSONType,
            metadata: storedMetadata(e),
          }),
        ),
        { streamState: toStreamState(only!.expectedRevision) },
      );
    } else {
      await client.multiStreamAppend(
        streams.map((s) => ({
          streamName: s.stream,
          expectedState: toStreamState(s.expectedRevision),
          events: s.events.map((e) =>
            kurrent.jsonEvent({
              id: e.id,
              type: e.type,
              data: e.data as JSONType,
              metadata: storedProperties(e),
            }),
          ),
        })),
      );
    }
    return { written: true };
  } catch (error) {
    if (error instanceof kurrent.WrongExpectedVersionError) {
      const stream = streams.find((s) => s.stream === error.streamName) ?? streams[0]!;
      return {
        written: false,
        conflict: {
          stream: stream.stream,
          expected: stream.expectedRevision,
          actual: toRevision(error.actualState),
        },
      };
    }
    if (streams.length > 1 && isUnsupported(error, kurrent.UnsupportedError))
      throw new MultiStreamAppendUnsupported(error);
    throw error;
  }
}

/** The client's UnsupportedError, or the server's gRPC UNIMPLEMENTED (status 12) for an unknown call. */
export function isUnsupported(
  error: unknown,
  unsupported: abstract new (...args: never[]) => unknown,
): boolean {
  if (error instanceof unsupported) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 12 || (typeof message === 'string' && /\bUNIMPLEMENTED\b|unimplemented/i.test(message));
}

export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'any') return 'any';
  if (expected === 'no_stream') return 'no_stream';
  return BigInt(expected);
}

/** The revision a conflict reports the stream at. */
export function toRevision(actual: CurrentStreamState): StreamRevision {
  return actual === 'no_stream' ? 'no_stream' : Number(actual);
}
