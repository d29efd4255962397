import { type ChildProcess, spawn } from 'node:child_process';
import { findExecutable } from './find-executable.js';
import { freePort } from './free-port.js';

/** A redis-server of the test's own on a private port, for tests that stop and restart it. */
export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Why a private redis-server cannot run here, or null when it can. */
export function privateRedisUnavailable(): string | null {
  return findExecutable('redis-server') ? null : 'no redis-server on this machine';
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const binary = findExecutable('redis-server');
  if (!binary) throw new Error('no redis-server on this machine');
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      const started = spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      started.stdout!.on('data', (chunk) => {
        output += String(chunk);
        if (output.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
      child = started;
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
