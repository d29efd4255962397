/**
 * The transaction took its id before another transaction committed to this stream. Appending
 * now would put the new event before that stream's previous event in the global log, whose
 * order is by transaction id. Only `appendInTransaction` callers that wrote something before
 * appending can meet it; retry in a new transaction.
 */
export class StaleTransactionError extends Error {
  override readonly name = 'StaleTransactionError';
  constructor(readonly stream: string) {
    super(`stream ${stream}: this transaction is older than the stream's last append; retry in a new one`);
  }
}
