import { ALL_SCOPES } from '@factory/domain';
import { createToken, hashToken, looksLikeToken } from '@factory/tenants';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { ops, json as parseJson, type Run, startOps } from '../test/run-cli.fixture.js';

const DAY = 86_400_000;
// Each CLI run is a Node process loading TypeScript: on a busy 2-core machine a test's runs take
// far longer than the default 30 s. With DATABASE_URL set no run starts an embedded server.
const CLI_TIMEOUT = 240_000;

/** `{"id"}`, plus token, prefixo and expira_em for `token criar`. */
interface Created {
  id: string;
  token: string;
  prefixo: string;
  expira_em: string | null;
}

const json = <T = Created>(run: Run): T => parseJson<T>(run);

describeWith(['postgres'], 'ops CLI', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const cli = (...args: string[]) => ops(args, { DATABASE_URL: db.url });
  const row = async (sql: string, id: string) => (await db.pool.query(sql, [id])).rows[0];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it(
    'runs every command, one JSON document with --json and readable lines without',
    async () => {
      // 1. Company, then a user of each kind and an inactive location (this one in text mode).
      const empresa = json(
        await cli(
          'empresa',
          'criar',
          '--nome',
          'Malharia Sul',
          '--cnpj',
          '11.222.333/0001-81',
          '--fuso',
          'America/Sao_Paulo',
          '--hora-virada',
          '05:00',
          '--sku-prefixo',
          'MS',
          '--json',
        ),
      );
      expect(Object.keys(empresa)).toEqual(['id']);
      expect(await row('SELECT cnpj, sku_prefixo FROM empresas WHERE id = $1', empresa.id)).toEqual({
        cnpj: '11222333000181',
        sku_prefixo: 'MS',
      });
      const e = empresa.id as string;
      const [adminRun, operadorRun, localRun] = await Promise.all([
        cli('usuario', 'criar', '--empresa', e, '--nome', 'Ana', '--admin', '--json'),
        cli('usuario', 'criar', '--empresa', e, '--nome', 'Caio', '--json'),
        cli('local', 'criar', '--empresa', e, '--nome', 'Costura', '--tipo', 'terceiro', '--inativo'),
      ]);
      const admin = json(adminRun).id as string;
      const operador = json(operadorRun).id as string;
      expect(localRun).toMatchObject({
        code: 0,
        stderr: '',
        stdout: expect.stringMatching(/^local criado: [0-9a-f-]{36}\n$/),
      });
      const local = localRun.stdout.trim().split(' ').at(-1)!;
      expect(await row('SELECT admin FROM usuarios WHERE id = $1', admin)).toEqual({ admin: true });
      expect(await row('SELECT admin FROM usuarios WHERE id = $1', operador)).toEqual({ admin: false });
      expect(await row('SELECT tipo, ativo FROM locais WHERE id = $1', local)).toEqual({
        tipo: 'terceiro',
        ativo: false,
      });

      // 2. Tokens: default 365 days, an exact instant, and `sem` in text mode.
      const before = Date.now();
      const [padraoRun, exatoRun, semRun] = await Promise.all([
        cli(
          'token',
          'criar',
          '--empresa',
          e,
          '--criador',
          admin,
          '--nome',
          'ERP',
          '--escopos',
          'produtos:ler,custos:ler',
          '--json',
        ),
        cli(
          'token',
          'criar',
          '--empresa',
          e,
          '--criador',
          admin,
          '--nome',
          'Loja',
          '--escopos',
          'estoque:escrever',
          '--expira-em',
          '2040-01-31T23:59:59.5-03:00',
          '--json',
        ),
        cli(
          'token',
          'criar',
          '--empresa',
          e,
          '--criador',
          admin,
          '--nome',
          'BI',
          '--escopos',
          ALL_SCOPES.join(','),
          '--validade',
          'sem',
        ),
      ]);
      const padrao = json(padraoRun);
      const exato = json(exatoRun);
      for (const t of [padrao, exato]) {
        expect(Object.keys(t)).toEqual(['id', 'token', 'prefixo', 'expira_em']);
        expect(looksLikeToken(t.token)).toBe(true);
        expect(t.prefixo).toBe(t.token.slice(0, 20));
        const stored = await row('SELECT hash_sha256 FROM tokens WHERE id = $1', t.id);
        expect(stored.hash_sha256.equals(hashToken(t.token))).toBe(true);
      }
      expect(padrao.expira_em).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
      const expiry = Date.parse(padrao.expira_em!);
      expect(expiry - before).toBeGreaterThanOrEqual(365 * DAY);
      expect(expiry - Date.now()).toBeLessThanOrEqual(365 * DAY);
      expect(exato.expira_em).toBe('2040-02-01T02:59:59.500+00:00');
      expect(semRun).toMatchObject({ code: 0, stderr: '' });
      expect(semRun.stdout).toMatch(/^token:\s+svc_live_[A-Za-z0-9]{46}$/m);
      expect(semRun.stdout).toMatch(/^expira_em: sem validade$/m);
      expect(semRun.stdout).toMatch(/não será mostrado de novo/);
      const semToken = /svc_live_[A-Za-z0-9]{46}/.exec(semRun.stdout)![0];

      // 3. Revoke one, demote a user, suspend.
      const [revogado, rebaixado, suspensa] = (
        await Promise.all([
          cli('token', 'revogar', '--token-id', exato.id, '--json'),
          cli('usuario', 'rebaixar', '--usuario', operador, '--json'),
          cli('empresa', 'suspender', '--empresa', e, '--json'),
        ])
      ).map(json);
      expect([revogado, rebaixado, suspensa]).toEqual([{ id: exato.id }, { id: operador }, { id: e }]);
      expect(await row('SELECT suspensa FROM empresas WHERE id = $1', e)).toEqual({ suspensa: true });

      // 4. Reactivate (text mode) while reading the settings list: newest first, with situations,
      // never the token itself.
      const [reativada, listJson, listText] = await Promise.all([
        cli('empresa', 'reativar', '--empresa', e),
        cli('token', 'listar', '--empresa', e, '--json'),
        cli('token', 'listar', '--empresa', e),
      ]);
      expect(reativada).toEqual({ code: 0, stderr: '', stdout: `empresa reativada: ${e}\n` });
      expect(await row('SELECT suspensa FROM empresas WHERE id = $1', e)).toEqual({ suspensa: false });
      const list = json<Array<Record<string, unknown>>>(listJson);
      expect(list).toHaveLength(3);
      const byId = new Map(list.map((t) => [t.id, t]));
      expect(byId.get(padrao.id)).toEqual({
        id: padrao.id,
        prefixo: padrao.prefixo,
        nome: 'ERP',
        criador: 'Ana',
        criado_em: expect.stringMatching(/\+00:00$/),
        ultimo_uso_em: null,
        expira_em: padrao.expira_em,
        situacao: 'ativo',
        escopos: ['produtos:ler', 'custos:ler'],
      });
      expect(byId.get(exato.id)?.situacao).toBe('revogado');
      expect(list.find((t) => t.nome === 'BI')).toMatchObject({
        situacao: 'ativo',
        expira_em: null,
        escopos: [...ALL_SCOPES],
      });
      const criados = list.map((t) => Date.parse(t.criado_em as string));
      expect(criados).toEqual([...criados].sort((a, b) => b - a));
      for (const token of [padrao.token, exato.token, semToken]) {
        expect(listJson.stdout).not.toContain(token);
        expect(listText.stdout).not.toContain(token);
      }
      expect(listText).toMatchObject({ code: 0, stderr: '' });
      expect(listText.stdout).toMatch(/^id\s+prefixo\s+nome\s+criador/);
      expect(listText.stdout).toMatch(new RegExp(`${padrao.prefixo}\\s+ERP\\s+Ana`));
    },
    CLI_TIMEOUT,
  );

  it(
    'refuses bad input with a message on stderr, nothing on stdout and a non-zero exit',
    async () => {
      const f = await createTenantFixture(db.pool, { escopos: [] });
      const full = await createTenantFixture(db.pool, { escopos: [] });
      for (let i = 1; i < 10; i++)
        await createToken(db.pool, {
          empresaId: full.empresaId,
          criadorId: full.usuarioId,
          nome: `T${i}`,
          escopos: [],
          now: new Date(),
        });
      const company = [
        '--nome',
        'X',
        '--fuso',
        'America/Sao_Paulo',
        '--hora-virada',
        '05:00',
        '--sku-prefixo',
        'X',
      ];
      const token = (empresa: string, criador: string, ...rest: string[]) =>
        cli('token', 'criar', '--empresa', empresa, '--criador', criador, '--nome', 'T', ...rest, '--json');
      const cases: Array<[string, Promise<Run>, number, RegExp]> = [
        [
          'unknown company',
          cli('usuario', 'criar', '--empresa', crypto.randomUUID(), '--nome', 'A', '--json'),
          1,
          /empresa não encontrada/,
        ],
        [
          'invalid CNPJ check digits',
          cli('empresa', 'criar', ...company, '--cnpj', '11222333000182', '--json'),
          1,
          /CNPJ inválido/,
        ],
        [
          '11th active token',
          token(full.empresaId, full.usuarioId, '--escopos', 'produtos:ler'),
          1,
          /10 tokens ativos/,
        ],
        [
          'unknown scope',
          token(f.empresaId, f.usuarioId, '--escopos', 'produtos:ler,produtos:apagar'),
          1,
          /escopo desconhecido: produtos:apagar/,
        ],
        ['bad uuid', cli('token', 'revogar', '--token-id', '1234', '--json'), 1, /token-id não é um uuid/],
        [
          'unknown option',
          cli('empresa', 'suspender', '--empresa', f.empresaId, '--motivo', 'x', '--json'),
          2,
          /opção desconhecida.*--motivo/,
        ],
        [
          'missing option',
          cli('local', 'criar', '--empresa', f.empresaId, '--nome', 'L', '--json'),
          2,
          /falta a opção --tipo/,
        ],
        [
          'malformed DATABASE_URL',
          ops(['token', 'listar', '--empresa', f.empresaId, '--json'], { DATABASE_URL: 'not a url' }),
          2,
          /DATABASE_URL/,
        ],
      ];
      const runs = await Promise.all(cases.map(([, run]) => run));
      cases.forEach(([name, , code, message], i) => {
        expect(runs[i], name).toEqual({ code, stdout: '', stderr: expect.stringMatching(message) });
        expect(runs[i]!.stderr.trimEnd().split('\n'), name).toHaveLength(1);
      });
      const active = await db.pool.query('SELECT count(*)::int AS n FROM tokens WHERE empresa_id = $1', [
        full.empresaId,
      ]);
      expect(active.rows[0].n).toBe(10);
    },
    CLI_TIMEOUT,
  );

  it(
    'semear: companies with a working token and a projected history, one JSON document',
    async () => {
      const sizes = ['--produtos', '8', '--insumos', '12', '--fornecedores', '3', '--movimentos', '120'];
      const seeded = json<{
        empresas: Array<{ id: string; nome: string; token: string }>;
        eventos: number;
        segundos: number;
        semente: string;
      }>(await cli('semear', '--empresas', '2', ...sizes, '--semente', 'cli', '--json'));
      expect(seeded.empresas).toHaveLength(2);
      expect(seeded.semente).toBe('cli');
      expect(seeded.segundos).toBeGreaterThan(0);
      for (const empresa of seeded.empresas) {
        expect(looksLikeToken(empresa.token)).toBe(true);
        const token = await db.pool.query('SELECT empresa_id, escopos FROM tokens WHERE hash_sha256 = $1', [
          hashToken(empresa.token),
        ]);
        expect(token.rows[0].empresa_id).toBe(empresa.id);
        expect([...token.rows[0].escopos].sort()).toEqual([...ALL_SCOPES].sort());
        // the command returns once the projector has caught up with what it wrote: the 120
        // movements asked for and those of the purchases' receipts
        const projected = await row(
          'SELECT count(*)::int AS n FROM estoque_movimentos WHERE empresa_id = $1',
          empresa.id,
        );
        const written = await row(
          `SELECT count(*)::int AS n FROM events
            WHERE metadata->>'empresa_id' = $1 AND type IN ('MovimentoRegistrado.v1', 'MovimentoEstornado.v1')`,
          empresa.id,
        );
        expect(written.n).toBeGreaterThan(120);
        expect(projected.n).toBe(written.n);
      }
      const logged = await db.pool.query(
        `SELECT count(*)::int AS n FROM events WHERE metadata->>'empresa_id' = ANY($1::text[])`,
        [seeded.empresas.map((e) => e.id)],
      );
      expect(logged.rows[0].n).toBe(seeded.eventos);

      const refused = await cli('semear', '--empresas', '0', ...sizes, '--json');
      expect(refused).toEqual({
        code: 2,
        stdout: '',
        stderr: expect.stringMatching(/--empresas deve ser um inteiro/),
      });
    },
    CLI_TIMEOUT,
  );

  it(
    'semear stops between two commands on Ctrl-C, says what was written, and exits 1',
    async () => {
      const movements = async () =>
        (await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE type LIKE 'Movimento%'`)).rows[0]
          .n as number;
      const before = await movements();
      const child = startOps(
        ['semear', '--empresas', '3', '--produtos', '5', '--insumos', '10', '--fornecedores', '2'].concat([
          '--movimentos',
          '1000000',
          '--json',
        ]),
        { DATABASE_URL: db.url },
      );
      for (let deadline = Date.now() + 200_000; (await movements()) < before + 100; ) {
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`semear wrote no movements: ${JSON.stringify(await child.run)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      child.kill('SIGINT');
      const { code, stdout, stderr } = await child.run;
      expect(code, stderr).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(
        /semear interrompido: \d+ eventos gravados em 1 empresa\(s\).*rode semear de novo/,
      );
      // stopped: nothing is written after the exit
      const after = await movements();
      expect(after).toBeLessThan(before + 1_000_000);
      expect(await movements()).toBe(after);
    },
    2 * CLI_TIMEOUT,
  );
});
