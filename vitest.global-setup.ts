import type { TestProject } from 'vitest/node';
import { prepareTestServices } from './packages/database/test/services.js';

// Finds PostgreSQL and Redis once per run (env, the machine's own, testcontainers, embedded),
// builds a migrated template database, and hands both to every test file.
export default async function setup(project: TestProject) {
  const services = await prepareTestServices((line) => console.log(`[test services] ${line}`));
  project.provide('testServices', services.provided);
  return services.teardown;
}
