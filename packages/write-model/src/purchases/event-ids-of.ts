/**
 * A stream's event ids with one more (events loaded from the log carry their id; events folded
 * before they are appended do not). The purchases streams are short, so keeping every id costs
 * little, and a command retried with its key finds its own write even after later ones.
 */
export const withId = (ids: ReadonlySet<string>, id: string | undefined): ReadonlySet<string> =>
  id === undefined ? ids : new Set([...ids, id]);
