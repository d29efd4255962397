/**
 * Where the tests' event store writes the write-side rows: `EVENT_STORE_ROWS=after-commit` runs
 * the HTTP write tests with the rows written after each append's commit (as KurrentDB must),
 * the same tests, not a copy. Printed once, so a run says which mode it tested.
 */
export function rowsModeOfTests(): 'in-commit' | 'after-commit' {
  const mode = process.env.EVENT_STORE_ROWS === 'after-commit' ? 'after-commit' : 'in-commit';
  if (!announced) console.log(`[test services] event store rows: ${mode}`);
  announced = true;
  return mode;
}

let announced = false;
