import { STREAM_NAME_PATTERN } from '../stream-name.js';
import type { KurrentModule } from './connection.js';

/**
 * $all filtered on the server to the streams `streamName` builds (the reservation streams
 * included, as PostgreSQL's log has them): the server's own streams and any other tenant of the
 * database never reach a reader.
 */
export const ourStreams = (kurrent: KurrentModule) =>
  kurrent.streamNameFilter({ regex: STREAM_NAME_PATTERN });
