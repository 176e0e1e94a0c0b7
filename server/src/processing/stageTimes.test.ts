import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_EVERY, StageTimes } from './stageTimes';

describe('StageTimes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('times one record in SAMPLE_EVERY and counts its laps for the records between', () => {
    const times = new StageTimes();
    const clocks = Array.from({ length: SAMPLE_EVERY * 3 }, () => times.recordClock());
    const sampled = clocks.filter((c) => c !== null);
    expect(sampled).toHaveLength(3);
    expect(clocks[0]).not.toBeNull();
    expect(clocks[1]).toBeNull();

    // a sampled record whose 'zones' stage takes 2 ms of the clock: it stands for SAMPLE_EVERY records
    let clockMs = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => clockMs);
    times.count(SAMPLE_EVERY);
    const clock = times.recordClock()!;
    const started = performance.now();
    clockMs += 2;
    clock.lap('zones');
    const spent = performance.now() - started;
    const zonesUs = times.perRecord().zones;
    // its time over the SAMPLE_EVERY records it stands for, i.e. about its own time
    expect(zonesUs).toBeGreaterThanOrEqual(2000 - 1);
    expect(zonesUs).toBeLessThanOrEqual(spent * 1000 + 1);
  });

  it('times every stretch of a batch whole', () => {
    const times = new StageTimes();
    times.count(10);
    times.add('write', 1);
    expect(times.perRecord().write).toBe(100);
    times.reset();
    expect(times.recordClock()).not.toBeNull();
  });
});
