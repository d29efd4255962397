// Answers that broke the description, waiting for the test they happened in to end. A hook
// registered from a test file's beforeAll never runs in vitest, so the test-setup file
// (test/support/openapi-answers.setup.ts) drains this after each test instead. Kept on
// globalThis so the setup file and the test file share it whatever path imported it.
const KEY = Symbol.for('factory.openApiProblems');
const store = globalThis as { [KEY]?: string[] };

export function reportOpenApiProblems(problems: string[]): void {
  store[KEY] = [...(store[KEY] ?? []), ...problems];
}

export function takeOpenApiProblems(): string[] {
  const problems = store[KEY] ?? [];
  store[KEY] = [];
  return problems;
}
