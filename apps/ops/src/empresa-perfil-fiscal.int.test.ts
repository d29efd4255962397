import { createTestDatabase, describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { ops, json as parseJson, type Run } from '../test/run-cli.fixture.js';

// Each CLI run is a Node process loading TypeScript: slow on a busy 2-core machine.
const CLI_TIMEOUT = 240_000;

const COMPANY = [
  '--nome',
  'Tecelagem Norte',
  '--cnpj',
  '11.222.333/0001-81',
  '--fuso',
  'America/Sao_Paulo',
  '--hora-virada',
  '05:00',
  '--sku-prefixo',
  'TN',
];

describeWith(['postgres'], "ops CLI: the company's tax profile (empresa criar, empresa alterar)", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const cli = (...args: string[]) => ops(args, { DATABASE_URL: db.url });
  const profile = async (id: string) =>
    (await db.pool.query('SELECT regime_tributario, contribuinte_ipi FROM empresas WHERE id = $1', [id]))
      .rows[0];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it(
    'creates with the default or a given profile, and changes each part alone',
    async () => {
      const [plain, full] = await Promise.all([
        cli('empresa', 'criar', ...COMPANY, '--json'),
        cli('empresa', 'criar', ...COMPANY, '--regime', 'real', '--contribuinte-ipi', '--json'),
      ]);
      const a = parseJson<{ id: string }>(plain);
      expect(Object.keys(a)).toEqual(['id']);
      const b = parseJson<{ id: string }>(full).id;
      expect(await profile(a.id)).toEqual({ regime_tributario: 'simples', contribuinte_ipi: false });
      expect(await profile(b)).toEqual({ regime_tributario: 'real', contribuinte_ipi: true });

      expect(
        parseJson(await cli('empresa', 'alterar', '--empresa', a.id, '--regime', 'presumido', '--json')),
      ).toEqual({ id: a.id, regime_tributario: 'presumido', contribuinte_ipi: false });
      expect(
        parseJson(await cli('empresa', 'alterar', '--empresa', b, '--contribuinte-ipi', 'false', '--json')),
      ).toEqual({ id: b, regime_tributario: 'real', contribuinte_ipi: false });
      const text = await cli('empresa', 'alterar', '--empresa', a.id, '--contribuinte-ipi', 'true');
      expect(text).toEqual({
        code: 0,
        stderr: '',
        stdout: `empresa alterada: ${a.id} (regime presumido, contribuinte de IPI: sim)\n`,
      });
      expect(await profile(a.id)).toEqual({ regime_tributario: 'presumido', contribuinte_ipi: true });
    },
    CLI_TIMEOUT,
  );

  it(
    'refuses bad input: one line on stderr, nothing on stdout, exit 1 or 2, nothing changed',
    async () => {
      const created = parseJson<{ id: string }>(await cli('empresa', 'criar', ...COMPANY, '--json'));
      const e = created.id;
      const before = (await db.pool.query('SELECT count(*)::int AS n FROM empresas')).rows[0].n;
      const cases: Array<[string, Promise<Run>, number, RegExp]> = [
        [
          'unknown regime at creation',
          cli('empresa', 'criar', ...COMPANY, '--regime', 'lucro_real', '--json'),
          2,
          /--regime deve ser simples, presumido, real: "lucro_real"/,
        ],
        [
          'unknown regime',
          cli(
            'empresa',
            'alterar',
            '--empresa',
            e,
            '--regime',
            'normal',
            '--contribuinte-ipi',
            'true',
            '--json',
          ),
          2,
          /--regime deve ser/,
        ],
        [
          'contribuinte-ipi neither true nor false',
          cli('empresa', 'alterar', '--empresa', e, '--contribuinte-ipi', 'sim', '--json'),
          2,
          /--contribuinte-ipi deve ser true ou false: "sim"/,
        ],
        ['nothing to change', cli('empresa', 'alterar', '--empresa', e, '--json'), 2, /nada a alterar/],
        ['no company', cli('empresa', 'alterar', '--regime', 'real', '--json'), 2, /falta a opção --empresa/],
        [
          'unknown company',
          cli('empresa', 'alterar', '--empresa', crypto.randomUUID(), '--regime', 'real', '--json'),
          1,
          /empresa não encontrada/,
        ],
        [
          'malformed company id',
          cli('empresa', 'alterar', '--empresa', '1234', '--regime', 'real', '--json'),
          1,
          /empresa não é um uuid/,
        ],
      ];
      const runs = await Promise.all(cases.map(([, run]) => run));
      cases.forEach(([name, , code, message], i) => {
        expect(runs[i], name).toEqual({ code, stdout: '', stderr: expect.stringMatching(message) });
        expect(runs[i]!.stderr.trimEnd().split('\n'), name).toHaveLength(1);
      });
      expect((await db.pool.query('SELECT count(*)::int AS n FROM empresas')).rows[0].n).toBe(before);
      expect(await profile(e)).toEqual({ regime_tributario: 'simples', contribuinte_ipi: false });
    },
    CLI_TIMEOUT,
  );
});
