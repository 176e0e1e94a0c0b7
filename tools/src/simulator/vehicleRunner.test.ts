import { describe, expect, it } from 'vitest';
import { SimClock } from './clock';
import { createProfile } from './profile';
import { createRandom } from './random';
import { DeviceRejectedError, type Transport } from './transport';
import type { Sample } from './vehicle';
import { backoffMs, VehicleRunner, type RunnerCounters } from './vehicleRunner';

class FlakyTransport implements Transport {
  connected = false;
  delivered: Sample[] = [];
  attempts = 0;
  /** called after every delivery */
  onDelivered: () => void = () => undefined;
  constructor(private failures: number) {}
  async send(samples: Sample[]) {
    this.attempts++;
    if (this.failures-- > 0) throw new Error('ECONNRESET');
    this.connected = true;
    this.delivered.push(...samples);
    this.onDelivered();
  }
  close() {
    this.connected = false;
  }
}

describe('VehicleRunner', () => {
  it('keeps records until acknowledged and resends them in order after a failure', async () => {
    const transport = new FlakyTransport(1);
    const counters: RunnerCounters = { records: 0, frames: 0, errors: 0, reconnects: 0 };
    const clock = new SimClock({ speedup: 600, historyMs: 3_600_000 });
    const runner = new VehicleRunner({
      profile: createProfile(0, '356307042440000'),
      clock,
      transport,
      rnd: createRandom(1),
      maxBatch: 10,
      counters,
    });
    const controller = new AbortController();
    // stopped once more than a batch went through after the failure (the first back-off is about a second)
    transport.onDelivered = () => {
      if (transport.delivered.length > 10) controller.abort();
    };
    const running = runner.run(controller.signal);
    await new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve()));
    await running;
    expect(counters).toMatchObject({ errors: 1, reconnects: 1 });
    expect(counters.records).toBe(transport.delivered.length);
    expect(transport.delivered.length).toBeGreaterThan(10);
    const times = transport.delivered.map((s) => s.time);
    expect(times[0]).toBe(clock.simStart); // the record of the failed attempt was not lost
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    expect(transport.connected).toBe(false);
  });

  it('backs off exponentially, much longer for a refused device', () => {
    const rnd = createRandom(1);
    expect(backoffMs(1, false, rnd)).toBeGreaterThanOrEqual(800);
    expect(backoffMs(1, false, rnd)).toBeLessThanOrEqual(1200);
    expect(backoffMs(3, false, rnd)).toBeGreaterThanOrEqual(3200);
    expect(backoffMs(20, false, rnd)).toBeLessThanOrEqual(36_000);
    expect(backoffMs(1, true, rnd)).toBeGreaterThanOrEqual(48_000);
    expect(backoffMs(20, true, rnd)).toBeLessThanOrEqual(720_000);
    expect(new DeviceRejectedError('x').name).toBe('DeviceRejectedError');
  });
});
