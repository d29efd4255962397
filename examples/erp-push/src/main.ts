import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { createFactoryClient } from '@factory/client';
import { parseMovements } from './csv-movements.js';
import { newProgress, readProgress } from './progress-file.js';
import { progressLine } from './progress-line.js';
import { PushStopped, pushMovements } from './push-movements.js';

// erp-push --arquivo movimentos.csv [--url http://127.0.0.1:3000] [--origem nome] [--progresso f]
// The token comes from FACTORY_TOKEN (never a flag: flags show in the process list).
// Exit codes: 0 every line posted; 1 done, some lines refused (see the progress file);
// 2 stopped (service unavailable past the retries, or bad usage): run again to go on.
const USAGE = 'usage: erp-push --arquivo <csv> [--url <service>] [--origem <name>] [--progresso <file>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      arquivo: { type: 'string' },
      url: { type: 'string', default: process.env.FACTORY_URL ?? 'http://127.0.0.1:3000' },
      origem: { type: 'string' },
      progresso: { type: 'string' },
    },
  });
  const token = process.env.FACTORY_TOKEN;
  if (!values.arquivo || !token) {
    console.error(`${USAGE}\n(FACTORY_TOKEN must hold a token with the estoque:escrever scope)`);
    return 2;
  }
  const text = readFileSync(values.arquivo, 'utf8');
  const movements = parseMovements(text);
  const sha = createHash('sha256').update(text).digest('hex');
  const progressPath = values.progresso ?? `${values.arquivo}.progresso.json`;
  const progress = readProgress(progressPath) ?? newProgress(sha);
  if (progress.arquivo_sha256 !== sha) {
    console.error(
      `${progressPath} belongs to another version of ${values.arquivo}; ` +
        'move it away to push this file from its first line',
    );
    return 2;
  }
  const startedAt = Date.now();
  const feitasAtStart = progress.feitas;
  let lastReport = 0;
  const report = (current: typeof progress, waiting?: string) => {
    if (waiting) console.error(`  waiting: ${waiting}`);
    else if (Date.now() - lastReport < 500 && current.feitas < movements.length) return;
    lastReport = Date.now();
    console.error(progressLine(current, movements.length, startedAt, feitasAtStart));
  };
  if (feitasAtStart > 0) console.error(`going on after line ${feitasAtStart} of ${movements.length}`);
  try {
    const done = await pushMovements({
      client: createFactoryClient({ baseUrl: values.url, token }),
      movements,
      origem: values.origem ?? basename(values.arquivo),
      progress,
      progressPath,
      report,
    });
    // The last line's report has already said where the push ended.
    if (done.feitas === feitasAtStart)
      console.error(progressLine(done, movements.length, startedAt, feitasAtStart));
    for (const r of done.recusadas)
      console.error(`  line ${r.linha}: ${r.status} ${r.codigo}: ${r.mensagem}`);
    return done.recusadas.length > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof PushStopped)) throw error;
    console.error(`stopped: ${error.message}`);
    return 2;
  }
}

process.exitCode = await main();
