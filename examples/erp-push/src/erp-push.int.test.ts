import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createFactoryClient } from '@factory/client';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { type ErpPushScene, startErpPushScene } from '../test/erp-push-scene.fixture.js';
import { startFaultyProxy } from '../test/faulty-proxy.fixture.js';
import { parseMovements } from './csv-movements.js';
import { lineKey } from './line-key.js';
import { newProgress, type Progress, readProgress } from './progress-file.js';
import { PushStopped, pushMovements } from './push-movements.js';

const MAIN = new URL('./main.ts', import.meta.url).pathname;
const ROOT = new URL('../../../', import.meta.url).pathname;

/** Runs the CLI as an operator does; resolves with its exit code and what it printed. */
function runCli(scene: ErpPushScene, url: string, csv: string) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', MAIN, '--arquivo', csv, '--url', url],
    {
      cwd: ROOT,
      env: { ...process.env, FACTORY_TOKEN: scene.token },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

describeWith(['postgres'], 'erp-push against the real service', () => {
  let scene: ErpPushScene;

  beforeAll(async () => {
    scene = await startErpPushScene();
  });

  const entry = (quantidade: number, extra = '') =>
    `${scene.insumoId},${scene.locais[0]},entrada_manual,${quantidade},m,2.5,NF ${quantidade}${extra},`;

  it('killed after the service took a line but before saving it, posts every line exactly once on the next run', async () => {
    const before = (await scene.movements()).length;
    // 30 entries, two of them equal (two real deliveries), and one line the service refuses.
    const lines = Array.from({ length: 30 }, (_, i) => entry(i + 1));
    lines[7] = lines[6]!;
    lines[20] = `${scene.insumoId},${scene.locais[0]},perda,5,m,,,`;
    const csv = scene.writeCsv(lines);
    const proxy = await startFaultyProxy(scene.url);
    // The 12th request reaches the service; its answer never reaches the client, which is killed.
    proxy.decide = (_, n) => (n === 12 ? { kind: 'forward-and-hold' } : { kind: 'forward' });
    const first = runCli(scene, proxy.url, csv);
    await proxy.held;
    first.child.kill('SIGKILL');
    await first.exited;
    const stopped = readProgress(`${csv}.progresso.json`)!;
    expect(stopped.feitas).toBe(11);

    proxy.decide = () => ({ kind: 'forward' });
    const second = runCli(scene, proxy.url, csv);
    expect(await second.exited).toBe(1); // done, with one line refused
    await proxy.close();
    expect(second.stderr()).toContain('going on after line 11 of 30');
    expect(second.stderr()).toContain('30/30 lines');

    const progress = readProgress(`${csv}.progresso.json`)!;
    expect(progress).toMatchObject({ feitas: 30, enviadas: 28, repetidas: 1 });
    expect(progress.recusadas).toEqual([
      { linha: 22, status: 422, codigo: 'validacao', mensagem: expect.any(String) },
    ]);
    const posted = (await scene.movements()).slice(before);
    expect(posted).toHaveLength(29);
    expect(new Set(posted.map((m) => m.id)).size).toBe(29);
    // The 12th line went to the service twice with one key, and was written once.
    const key12 = lineKey(csv.split('/').pop()!, 13, parseMovements(readFileSync(csv, 'utf8'))[11]!.original);
    expect(proxy.seen.filter((r) => r.idempotencyKey === key12)).toHaveLength(2);

    // A third run has nothing left to do and posts nothing.
    const third = runCli(scene, scene.url, csv);
    expect(await third.exited).toBe(1);
    expect((await scene.movements()).slice(before)).toHaveLength(29);
  });

  it('waits Retry-After on a 429 and backs off on 5xx, with the same key, then posts once', async () => {
    const before = (await scene.movements()).length;
    const csv = scene.writeCsv([entry(101), entry(102), entry(103)]);
    const movements = parseMovements(readFileSync(csv, 'utf8'));
    const proxy = await startFaultyProxy(scene.url);
    const key = (i: number) => lineKey('faults', movements[i]!.linha, movements[i]!.original);
    const attempts = new Map<string, number>();
    proxy.decide = ({ idempotencyKey }) => {
      const n = (attempts.get(idempotencyKey!) ?? 0) + 1;
      attempts.set(idempotencyKey!, n);
      if (idempotencyKey === key(0) && n === 1)
        return { kind: 'answer', status: 429, headers: { 'retry-after': '1' } };
      if (idempotencyKey === key(1) && n <= 2) return { kind: 'answer', status: 503 };
      if (idempotencyKey === key(2) && n === 1) return { kind: 'answer', status: 500 };
      return { kind: 'forward' };
    };
    const waits: string[] = [];
    const progress = await pushMovements({
      client: clientFor(scene, proxy.url),
      movements,
      origem: 'faults',
      progress: newProgress('x'),
      progressPath: `${csv}.progresso.json`,
      retry: { maxAttempts: 5, baseMs: 20, capMs: 200 },
      report: (_, waiting) => waiting && waits.push(waiting),
    });
    await proxy.close();
    expect(waits).toEqual([
      expect.stringMatching(/^line 2: 429, again in 1000 ms$/),
      expect.stringMatching(/^line 3: 503, again in \d+ ms$/),
      expect.stringMatching(/^line 3: 503, again in \d+ ms$/),
      expect.stringMatching(/^line 4: 500, again in \d+ ms$/),
    ]);
    expect([...attempts.values()]).toEqual([2, 3, 2]);
    expect(progress).toMatchObject({ feitas: 3, enviadas: 3, repetidas: 0, recusadas: [] });
    expect((await scene.movements()).slice(before).map((m) => m.data.quantidade)).toEqual([
      '101',
      '102',
      '103',
    ]);
  });

  it('stops when the service stays unavailable past the retries, and a later run goes on from there', async () => {
    const before = (await scene.movements()).length;
    const csv = scene.writeCsv([entry(201), entry(202), entry(203)]);
    const movements = parseMovements(readFileSync(csv, 'utf8'));
    const proxy = await startFaultyProxy(scene.url);
    proxy.decide = (_, n) => (n >= 2 ? { kind: 'answer', status: 503 } : { kind: 'forward' });
    const options = {
      client: clientFor(scene, proxy.url),
      movements,
      origem: 'outage',
      progressPath: `${csv}.progresso.json`,
      retry: { maxAttempts: 3, baseMs: 10, capMs: 50 },
    };
    const progress: Progress = newProgress('x');
    await expect(pushMovements({ ...options, progress })).rejects.toThrow(PushStopped);
    expect(readProgress(options.progressPath)).toMatchObject({ feitas: 1, enviadas: 1 });
    proxy.decide = () => ({ kind: 'forward' });
    await pushMovements({ ...options, progress: readProgress(options.progressPath)! });
    await proxy.close();
    expect((await scene.movements()).slice(before).map((m) => m.data.quantidade)).toEqual([
      '201',
      '202',
      '203',
    ]);
  });
});

/** A client of the scene's company that goes through `url` (the proxy). */
function clientFor(scene: ErpPushScene, url: string) {
  return createFactoryClient({ baseUrl: url, token: scene.token });
}
