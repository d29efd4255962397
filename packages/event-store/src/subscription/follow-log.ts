import { compareCheckpoints, LOG_START, type LogCheckpoint } from '../checkpoint.js';
import type {
  LogHead,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../event-store.js';
import { WakeSignal } from './wake-signal.js';

/** What an adapter gives the generic subscription loop. */
export interface LogFollowSource {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Given where committed events can be unreadable for a while (PostgreSQL's horizon). */
  readHead?(): Promise<LogHead>;
  /** Starts calling `wake` on appends; resolves to a function that stops it. */
  listen(wake: () => void, onError: (error: unknown) => void): Promise<() => Promise<void>>;
}

const DEFAULT_BATCH = 500;
const DEFAULT_POLL_MS = 1000;
// A wake-up means a commit, but its events can stay unreadable for a moment (an older
// transaction still open keeps them behind the readable horizon), so the loop re-reads soon
// and then less and less often instead of waiting a whole poll interval. It does the same
// when the head of the log shows committed events it could not read yet.
const CHASE_MS = [10, 20, 40, 80, 160, 320, 640, 1000, 1000, 1000];

export async function followLog(source: LogFollowSource, options: SubscribeOptions): Promise<Subscription> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const pollMs = options.pollIntervalMs ?? DEFAULT_POLL_MS;
  const onError = options.onError ?? (() => undefined);
  const signal = new WakeSignal();
  let stopListening = async (): Promise<void> => undefined;
  try {
    // Listening starts before the first read, so an append in between is not missed.
    stopListening = await source.listen(() => signal.wake(), onError);
  } catch (error) {
    onError(error); // polling alone still delivers everything, only later
  }
  let closed = false;

  async function run(): Promise<void> {
    let after = options.after ?? LOG_START;
    let chase = CHASE_MS.length;
    try {
      while (!closed) {
        signal.clear();
        let events: RecordedEvent[];
        try {
          events = await source.readAll({ after, limit: batchSize });
        } catch (error) {
          onError(error);
          await signal.wait(pollMs);
          continue;
        }
        if (events.length > 0) {
          await options.handle(events);
          after = events.at(-1)!.checkpoint;
          if (events.length === batchSize) continue;
        }
        if (closed) break;
        if (chase >= CHASE_MS.length && (await committedBeyond(after))) chase = 0;
        const delay = chase < CHASE_MS.length ? Math.min(CHASE_MS[chase++]!, pollMs) : pollMs;
        if (await signal.wait(delay)) chase = 0;
      }
    } finally {
      await stopListening().catch(onError);
    }
  }

  async function committedBeyond(after: LogCheckpoint): Promise<boolean> {
    if (!source.readHead) return false;
    try {
      return compareCheckpoints((await source.readHead()).checkpoint, after) > 0;
    } catch (error) {
      onError(error);
      return false;
    }
  }

  const done = run();
  return {
    done,
    async close() {
      closed = true;
      signal.wake();
      await done.catch(() => undefined);
    },
  };
}
