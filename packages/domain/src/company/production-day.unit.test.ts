import { describe, expect, it } from 'vitest';
import { isValidDia, productionDay, productionDayEnd, productionDayStart } from './production-day.js';

const saoPaulo = { fuso: 'America/Sao_Paulo', horaVirada: '05:00' };
const at = (iso: string) => new Date(iso);

describe('productionDay', () => {
  it('puts the instants before the turn hour in the day before (the contract example)', () => {
    expect(productionDay(at('2026-11-24T07:30:00+00:00'), saoPaulo)).toBe('2026-11-23');
    expect(productionDay(at('2026-11-24T07:59:59.999+00:00'), saoPaulo)).toBe('2026-11-23');
  });

  it('starts the day exactly at the turn hour', () => {
    expect(productionDay(at('2026-11-24T08:00:00+00:00'), saoPaulo)).toBe('2026-11-24');
    expect(productionDay(at('2026-11-25T02:59:00+00:00'), saoPaulo)).toBe('2026-11-24');
    expect(productionDayStart('2026-11-24', saoPaulo).toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(productionDayEnd('2026-11-24', saoPaulo).toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });

  it('turns at local midnight with a turn hour of 00:00', () => {
    const midnight = { fuso: 'America/Sao_Paulo', horaVirada: '00:00' };
    expect(productionDay(at('2026-11-24T02:59:59+00:00'), midnight)).toBe('2026-11-23');
    expect(productionDay(at('2026-11-24T03:00:00+00:00'), midnight)).toBe('2026-11-24');
    expect(productionDayStart('2026-11-24', midnight).toISOString()).toBe('2026-11-24T03:00:00.000Z');
  });

  it('follows daylight saving time: the same turn hour is another UTC instant in summer', () => {
    const newYork = { fuso: 'America/New_York', horaVirada: '06:00' };
    expect(productionDayStart('2026-01-15', newYork).toISOString()).toBe('2026-01-15T11:00:00.000Z');
    expect(productionDayStart('2026-07-15', newYork).toISOString()).toBe('2026-07-15T10:00:00.000Z');
    // Clocks spring forward at 02:00 on 2026-03-08, inside production day 2026-03-07: 23 hours.
    const start = productionDayStart('2026-03-07', newYork).getTime();
    const end = productionDayEnd('2026-03-07', newYork).getTime();
    expect((end - start) / 3_600_000).toBe(23);
    expect(productionDay(at('2026-03-09T09:59:59Z'), newYork)).toBe('2026-03-08');
    expect(productionDay(at('2026-03-09T10:00:00Z'), newYork)).toBe('2026-03-09');
    // They fall back at 02:00 on 2026-11-01, inside production day 2026-10-31: 25 hours.
    expect(
      (productionDayEnd('2026-10-31', newYork).getTime() -
        productionDayStart('2026-10-31', newYork).getTime()) /
        3_600_000,
    ).toBe(25);
  });

  it('starts a day whose turn hour the clock skips at the end of the gap', () => {
    // São Paulo's last DST began at 00:00 on 2018-11-04 (clocks went to 01:00).
    const midnight = { fuso: 'America/Sao_Paulo', horaVirada: '00:00' };
    expect(productionDayStart('2018-11-04', midnight).toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(productionDay(at('2018-11-04T02:59:59Z'), midnight)).toBe('2018-11-03');
    expect(productionDay(at('2018-11-04T03:00:00Z'), midnight)).toBe('2018-11-04');
  });

  it('starts a day whose turn hour the clock repeats at its first occurrence', () => {
    // São Paulo's DST ended at 00:00 on 2019-02-17: 23:00-23:59 of the 16th happened twice.
    const late = { fuso: 'America/Sao_Paulo', horaVirada: '23:30' };
    expect(productionDayStart('2019-02-16', late).toISOString()).toBe('2019-02-17T01:30:00.000Z');
    // The second 23:45 of the 16th is still day 2019-02-16, not back to the 15th.
    expect(productionDay(at('2019-02-17T02:45:00Z'), late)).toBe('2019-02-16');
    expect(productionDay(at('2019-02-17T01:29:59Z'), late)).toBe('2019-02-15');
  });

  it('is consistent with its own day boundaries over a year of hours', () => {
    const calendars = [
      saoPaulo,
      { fuso: 'Europe/Lisbon', horaVirada: '01:30' },
      { fuso: 'UTC', horaVirada: '00:00' },
    ];
    for (const calendar of calendars) {
      for (
        let t = Date.parse('2026-01-01T00:00:00Z');
        t < Date.parse('2027-01-01T00:00:00Z');
        t += 3_599_000
      ) {
        const dia = productionDay(new Date(t), calendar);
        expect(productionDayStart(dia, calendar).getTime()).toBeLessThanOrEqual(t);
        expect(productionDayEnd(dia, calendar).getTime()).toBeGreaterThan(t);
      }
    }
  });
});

describe('isValidDia', () => {
  it('accepts real dates written AAAA-MM-DD only', () => {
    for (const d of ['2026-11-24', '2024-02-29', '2000-01-01']) expect(isValidDia(d)).toBe(true);
    for (const d of [
      '2026-02-29',
      '2026-13-01',
      '2026-11-31',
      '26-11-24',
      '2026-1-24',
      '2026-11-24T00:00',
      '',
    ])
      expect(isValidDia(d)).toBe(false);
  });
});
