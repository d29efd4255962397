import { afterAll, afterEach, expect } from 'vitest';
import { takeOpenApiProblems } from '../../packages/http/test/openapi-problems.js';

// A test API made with `checkAnswers` reports each answer that breaks its own OpenAPI
// description; the test it happened in (or the file, for answers after the last test) fails.
const expectNone = () =>
  expect(takeOpenApiProblems(), 'answers that break the OpenAPI description').toEqual([]);
afterEach(expectNone);
afterAll(expectNone);
