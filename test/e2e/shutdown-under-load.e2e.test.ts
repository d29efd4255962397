import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedHome } from '@factory/database';
import { freePort } from '@factory/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_MODES, type ServiceMode, startService } from '../support/service-process.js';

// operations.md, SIGTERM: stop accepting, finish the requests in flight, commit, flush, close,
// then stop the embedded database. Checked from outside, as an operator sees it: SIGTERM while
// writers post movements; every 201 is in the log after a restart, every response that started
// arrived whole, no 5xx, no error logged, exit code 0.
const MODES: ServiceMode[] = SERVICE_MODES;
const WRITERS = 12;
const ACKED_BEFORE_SIGNAL = 60;

interface Outcome {
  acked: string[];
  /** A status line arrived but the body did not: a response cut off. */
  cutOff: number;
  statuses: number[];
  /** No response at all (refused or reset connection): never acknowledged, so never owed. */
  unanswered: number;
}

async function post(base: string, token: string, path: string, body: unknown, outcome: Outcome) {
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(body),
    });
  } catch {
    outcome.unanswered++;
    return null;
  }
  try {
    const json = (await res.json()) as Record<string, unknown>;
    outcome.statuses.push(res.status);
    return { status: res.status, json };
  } catch {
    outcome.cutOff++;
    return null;
  }
}

describe.each(MODES)('SIGTERM under write load ($name)', (mode) => {
  const dirs: string[] = [];
  afterAll(async () => {
    // as root the embedded cluster lives outside the data folder (embeddedHome)
    for (const dir of dirs)
      for (const path of [dir, embeddedHome(dir).home]) await rm(path, { recursive: true, force: true });
  });

  it('keeps every acknowledged write, cuts no response off, and stops cleanly', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'factory-sigterm-'));
    dirs.push(dataDir);
    await chmod(dataDir, 0o755); // as root, embedded PostgreSQL runs as `postgres` and must enter it
    const pgPort = await freePort();
    const limits = { RATE_LIMIT_PER_TOKEN: '1000000', RATE_LIMIT_PER_COMPANY: '1000000' };
    const service = await startService(mode, dataDir, pgPort, limits);
    const base = `http://127.0.0.1:${service.port}`;
    const setup: Outcome = { acked: [], cutOff: 0, statuses: [], unanswered: 0 };

    const locais = await fetch(`${base}/v1/locais`, {
      headers: { authorization: `Bearer ${service.token}` },
    });
    const localId = ((await locais.json()) as { dados: Array<{ id: string }> }).dados[0]!.id;
    const item = {
      sku: 'TEC-1',
      nome: 'Tecido',
      unidade_compra: 'rolo',
      unidade_consumo: 'm',
      fator_conversao: 50,
    };
    const lote = await post(base, service.token!, '/v1/insumos/lote', { itens: [item] }, setup);
    const insumoId = (lote!.json.resultados as Array<{ id: string }>)[0]!.id;

    // 1. Writers post movements without pause until the service stops answering.
    const outcome: Outcome = { acked: [], cutOff: 0, statuses: [], unanswered: 0 };
    let signalled: () => void;
    const enoughAcked = new Promise<void>((resolve) => (signalled = resolve));
    const movement = { insumo_id: insumoId, local_id: localId, tipo: 'entrada_manual', quantidade: 1 };
    const writers = Array.from({ length: WRITERS }, async () => {
      while (outcome.unanswered === 0) {
        const res = await post(base, service.token!, '/v1/estoque/movimentos', movement, outcome);
        if (res?.status === 201) outcome.acked.push(res.json.id as string);
        if (outcome.acked.length >= ACKED_BEFORE_SIGNAL) signalled();
      }
    });

    // 2. SIGTERM in the middle of it.
    await enoughAcked;
    const signalAt = service.stderr().length;
    const code = await service.stop();
    await Promise.all(writers);
    const afterSignal = service.stderr().slice(signalAt);

    expect(code, afterSignal).toBe(0);
    expect(outcome.cutOff).toBe(0);
    expect(outcome.statuses.filter((s) => s !== 201)).toEqual([]);
    expect(afterSignal).not.toMatch(/"level":(50|60)|failed/);

    // 3. After a restart, the log holds every acknowledged movement, once.
    const again = await startService(mode, dataDir, pgPort, limits);
    const client = new pg.Client(`postgres://postgres:embedded@127.0.0.1:${pgPort}/postgres`);
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; n: number }>(
        `SELECT data->>'movimento_id' AS id, count(*)::int AS n FROM events
          WHERE type = 'MovimentoRegistrado.v1' GROUP BY 1`,
      );
      const inLog = new Map(rows.map((r) => [r.id, r.n]));
      const missing = outcome.acked.filter((id) => inLog.get(id) !== 1);
      expect(missing).toEqual([]);
      expect(outcome.acked.length).toBeGreaterThanOrEqual(ACKED_BEFORE_SIGNAL);
    } finally {
      await client.end();
      await again.stop();
    }
  }, 240_000);
});
