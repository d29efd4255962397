import { describe, expect, it } from 'vitest';
import { NO_PROGRESS, progressBar } from './progress-bar.js';

describe('progressBar', () => {
  it('draws the fraction, rate and ETA, at most every 100 ms, and ends the line', () => {
    let now = 0;
    const out: string[] = [];
    const bar = progressBar({ write: (t) => out.push(t), columns: 100 }, () => now);
    bar.start('semear', 1_000, 'comandos');
    now = 2_000;
    bar.update(500);
    now = 2_050;
    bar.update(510); // too soon: not drawn
    bar.end();
    expect(out).toHaveLength(4);
    expect(out[1]).toMatch(/^\rsemear \[#+-+\] 50% 500\/1000 comandos 250\/s ETA 2s/);
    expect(out[2]).toMatch(/ 51% 510\/1000 /);
    expect(out[3]).toBe('\n');
  });

  it('draws nothing without a terminal', () => {
    expect(progressBar(null)).toBe(NO_PROGRESS);
  });
});
