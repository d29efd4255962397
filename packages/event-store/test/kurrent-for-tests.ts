import { afterTestFile } from '@factory/database/testing';

// 25.1 or later: the write path's several-stream appends use its multiStreamAppend.
const IMAGE = 'kurrentplatform/kurrentdb:25.1';

export type KurrentForTests = { url: string; source: string } | { url: null; why: string };

/**
 * A KurrentDB server for the adapter's tests: EVENTSTORE_URL when set, else a container when a
 * Docker engine answers and the image can be had, else none and why (the tests then print that
 * they are skipped, and why). Never a stand-in: a fake log proves nothing about the real one.
 */
export async function kurrentForTests(): Promise<KurrentForTests> {
  const url = process.env.EVENTSTORE_URL;
  if (url) return { url, source: 'EVENTSTORE_URL' };
  let runtime: unknown;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    runtime = await getContainerRuntimeClient();
  } catch (error) {
    return { url: null, why: `EVENTSTORE_URL not set and no Docker engine (${firstLine(error)})` };
  }
  try {
    const { KurrentDbContainer } = await import('@testcontainers/kurrentdb');
    const container = await new KurrentDbContainer(IMAGE).start();
    afterTestFile(() => container.stop());
    return { url: container.getConnectionString(), source: `testcontainers ${IMAGE}` };
  } catch (error) {
    return runtime
      ? { url: null, why: `EVENTSTORE_URL not set and ${IMAGE} could not be started (${firstLine(error)})` }
      : { url: null, why: 'EVENTSTORE_URL not set' };
  }
}

const firstLine = (error: unknown) => String(error instanceof Error ? error.message : error).split('\n')[0];
