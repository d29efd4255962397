import { describe, expect, it } from 'vitest';
import { RebuildMeter } from './rebuild-meter.js';

describe('rebuild meter', () => {
  it('gives the rate since the start and the time left at that rate', () => {
    const meter = new RebuildMeter(1_000);
    expect(meter.eta(1_000, 100)).toBeNull();
    meter.applied(2_000);
    meter.applied(3_000);
    expect(meter.total).toBe(5_000);
    expect(meter.rate(3_000)).toBe(2_500);
    expect(meter.eta(3_000, 10_000)).toBe(4);
    expect(meter.eta(3_000, 0)).toBe(0);
  });
});
