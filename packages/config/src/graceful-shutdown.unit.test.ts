import { describe, expect, it } from 'vitest';
import { GracefulShutdown } from './graceful-shutdown.js';

const quiet = () => undefined;

describe('GracefulShutdown', () => {
  it('runs the phases in the contract order whatever the order of registration, then exits 0', async () => {
    const done: string[] = [];
    const exits: number[] = [];
    const step = (name: string) => async () => void done.push(name);
    const shutdown = new GracefulShutdown({ log: quiet, exit: (code) => exits.push(code) })
      .add('stopDatabase', 'embedded', step('embedded'))
      .add('closeConnections', 'pool', step('pool'))
      .add('flush', 'last use', step('last use'))
      .add('finishWork', 'projector', step('projector'))
      .add('stopAccepting', 'http', step('http'));
    expect(await shutdown.stop('SIGTERM')).toBe(0);
    expect(done).toEqual(['http', 'projector', 'last use', 'pool', 'embedded']);
    expect(exits).toEqual([0]);
  });

  it('waits for a whole phase before the next one starts', async () => {
    const done: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const shutdown = new GracefulShutdown({ log: quiet, exit: quiet })
      .add('stopAccepting', 'slow server', async () => {
        await slow;
        done.push('slow server');
      })
      .add('stopAccepting', 'fast server', async () => void done.push('fast server'))
      .add('closeConnections', 'pool', async () => void done.push('pool'));
    const stopping = shutdown.stop('SIGTERM');
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual(['fast server']);
    release();
    await stopping;
    expect(done).toEqual(['fast server', 'slow server', 'pool']);
  });

  it('logs a failing step, still runs the later phases, and exits 1', async () => {
    const lines: string[] = [];
    const done: string[] = [];
    const exits: number[] = [];
    const shutdown = new GracefulShutdown({ log: (l) => lines.push(l), exit: (c) => exits.push(c) })
      .add('flush', 'last use', async () => {
        throw new Error('connection refused');
      })
      .add('stopDatabase', 'embedded', async () => void done.push('embedded'));
    expect(await shutdown.stop('SIGTERM')).toBe(1);
    expect(done).toEqual(['embedded']);
    expect(lines).toContain('shutdown: last use failed: connection refused');
    expect(exits).toEqual([1]);
  });

  it('runs once: a second signal shares the first run', async () => {
    let runs = 0;
    const exits: number[] = [];
    const shutdown = new GracefulShutdown({ log: quiet, exit: (c) => exits.push(c) }).add(
      'stopAccepting',
      'http',
      async () => void runs++,
    );
    await Promise.all([shutdown.stop('SIGTERM'), shutdown.stop('SIGINT')]);
    expect(runs).toBe(1);
    expect(exits).toEqual([0]);
  });

  it('exits 1 when a step hangs past the time limit', async () => {
    const exits: number[] = [];
    const shutdown = new GracefulShutdown({ log: quiet, exit: (c) => exits.push(c), timeoutMs: 20 }).add(
      'finishWork',
      'stuck worker',
      () => new Promise(() => undefined),
    );
    expect(await shutdown.stop('SIGTERM')).toBe(1);
    expect(exits).toEqual([1]);
  });
});

describe('GracefulShutdown after a failed start-up', () => {
  it('still stops what exists and exits 1', async () => {
    const done: string[] = [];
    const exits: number[] = [];
    const shutdown = new GracefulShutdown({ log: quiet, exit: (c) => exits.push(c) }).add(
      'stopDatabase',
      'embedded',
      async () => void done.push('embedded'),
    );
    expect(await shutdown.stop('start-up failure', true)).toBe(1);
    expect(done).toEqual(['embedded']);
    expect(exits).toEqual([1]);
  });
});
