import { describe, expect, it } from 'vitest';
import { textList } from './catalog-rules.js';
import { bool, count, nonNegative, nullable, oneOf, percentage, positive, text } from './field-rules.js';

const refused = (campo: string) => ({
  ok: false,
  error: expect.objectContaining({ kind: 'validation', campo }),
});

describe('field rules', () => {
  it('refuse null unless the field is nullable', () => {
    expect(text()(null, 'nome')).toEqual({
      ok: false,
      error: { kind: 'validation', campo: 'nome', mensagem: 'nome não pode ser nulo' },
    });
    expect(nullable(text())(null, 'familia')).toEqual({ ok: true, value: null });
  });

  it('text: trimmed, not blank, at most 200 characters', () => {
    expect(text()('  Camiseta  ', 'nome')).toEqual({ ok: true, value: 'Camiseta' });
    expect(text()('   ', 'nome')).toEqual(refused('nome'));
    expect(text()(12, 'nome')).toEqual(refused('nome'));
    expect(text()('x'.repeat(201), 'nome')).toEqual(refused('nome'));
  });

  it('decimals: JSON numbers or decimal text, stored as canonical text', () => {
    expect(nonNegative(1.5, 'peso_kg')).toEqual({ ok: true, value: '1.5' });
    expect(nonNegative('2.500', 'peso_kg')).toEqual({ ok: true, value: '2.5' });
    expect(nonNegative(0, 'peso_kg')).toEqual({ ok: true, value: '0' });
    expect(nonNegative(-0.01, 'peso_kg')).toEqual(refused('peso_kg'));
    expect(nonNegative('abc', 'peso_kg')).toEqual(refused('peso_kg'));
    expect(nonNegative(true, 'peso_kg')).toEqual(refused('peso_kg'));
    expect(nonNegative(1e13, 'peso_kg')).toEqual(refused('peso_kg'));
  });

  it('positive: > 0', () => {
    expect(positive(0.001, 'fator_conversao')).toEqual({ ok: true, value: '0.001' });
    expect(positive(0, 'fator_conversao')).toEqual(refused('fator_conversao'));
  });

  it('percentage: a fraction from 0 to 1 inclusive', () => {
    expect(percentage(0, 'ipi_pct')).toEqual({ ok: true, value: '0' });
    expect(percentage(1, 'ipi_pct')).toEqual({ ok: true, value: '1' });
    expect(percentage(0.18, 'ipi_pct')).toEqual({ ok: true, value: '0.18' });
    expect(percentage(1.01, 'ipi_pct')).toEqual(refused('ipi_pct'));
    expect(percentage(-0.1, 'ipi_pct')).toEqual(refused('ipi_pct'));
  });

  it('count: a whole number >= 0', () => {
    expect(count(0, 'lead_time_dias')).toEqual({ ok: true, value: 0 });
    expect(count(15, 'lead_time_dias')).toEqual({ ok: true, value: 15 });
    for (const bad of [-1, 1.5, '3', Number.NaN])
      expect(count(bad, 'lead_time_dias')).toEqual(refused('lead_time_dias'));
  });

  it('enums and booleans', () => {
    expect(oneOf(['ativo', 'inativo'])('ativo', 'status')).toEqual({ ok: true, value: 'ativo' });
    expect(oneOf(['ativo', 'inativo'])('ATIVO', 'status')).toEqual(refused('status'));
    expect(bool(false, 'importado')).toEqual({ ok: true, value: false });
    expect(bool('false', 'importado')).toEqual(refused('importado'));
  });

  it('text lists: a set kept sorted, or an ordered list without repeats', () => {
    expect(textList({ sorted: true })(['ML-2', 'AMZ-1', 'ML-2'], 'apelidos')).toEqual({
      ok: true,
      value: ['AMZ-1', 'ML-2'],
    });
    expect(textList({ sorted: true })(['ok', ''], 'apelidos')).toEqual(refused('apelidos[1]'));
    expect(textList({ sorted: false })(['tamanho', 'cor'], 'eixos')).toEqual({
      ok: true,
      value: ['tamanho', 'cor'],
    });
    expect(textList({ sorted: false })(['cor', 'cor'], 'eixos')).toEqual(refused('eixos'));
    expect(textList({ sorted: false, minItems: 1 })([], 'eixos')).toEqual(refused('eixos'));
    expect(textList({ sorted: true })('ML-2', 'apelidos')).toEqual(refused('apelidos'));
  });
});

describe('issue 13 item 5: a decimal beyond 10^12 is refused naming that bound', () => {
  it('1e308 in fator_conversao, peso_kg or consumo names the size rule, not the sign rule', () => {
    const message = (checked: ReturnType<typeof positive>) => (checked.ok ? null : checked.error.mensagem);
    expect(message(positive(1e308, 'fator_conversao'))).toBe(
      'fator_conversao deve ter valor absoluto de no máximo 10^12',
    );
    expect(message(nonNegative(1e308, 'peso_kg'))).toBe('peso_kg deve ter valor absoluto de no máximo 10^12');
    expect(message(positive('1e13', 'linhas[0].consumo'))).toBe(
      'linhas[0].consumo deve ter valor absoluto de no máximo 10^12',
    );
    expect(positive(1e12, 'fator_conversao')).toEqual({ ok: true, value: '1000000000000' });
    expect(message(positive(-1e308, 'fator_conversao'))).toMatch(/10\^12/);
  });
});
