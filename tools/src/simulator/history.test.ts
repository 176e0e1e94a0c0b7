import { describe, expect, it } from 'vitest';
import { SimClock } from './clock';
import { historyStart, runHistory, HISTORY_MOVING_PERIOD_MS, HISTORY_PARKED_PERIOD_MS } from './history';
import { createProfile } from './profile';
import { vehicleRandom } from './run';
import type { Transport } from './transport';
import type { Sample } from './vehicle';
import { VehicleRunner } from './vehicleRunner';

const HOUR = 3_600_000;
const from = Date.UTC(2026, 10, 22);
const start = from + 30 * HOUR + 17_000;

class Capture implements Transport {
  readonly sent: Sample[] = [];
  connected = true;
  private heard!: () => void;
  /** resolves at the first frame sent */
  readonly firstFrame = new Promise<void>((resolve) => (this.heard = resolve));
  async send(samples: Sample[]): Promise<void> {
    this.sent.push(...samples);
    this.heard();
  }
  close(): void {}
}

describe('history', () => {
  it('starts at midnight UTC the given number of days before', () => {
    expect(historyStart(Date.UTC(2026, 10, 29, 13, 45), 7)).toBe(Date.UTC(2026, 10, 22));
  });

  it('steps at the history pace and stops before the end', () => {
    const profile = createProfile(2, '356307042440002', true);
    const samples: Sample[] = [];
    const end = runHistory(profile, vehicleRandom(profile, 1), from, start, (s) => samples.push(s));
    expect(samples[0].time).toBe(from);
    expect(samples.at(-1)!.time).toBe(end.time);
    expect(end.time).toBeLessThan(start);
    for (let i = 1; i < samples.length; i++)
      expect([HISTORY_MOVING_PERIOD_MS, HISTORY_PARKED_PERIOD_MS]).toContain(
        samples[i].time - samples[i - 1].time,
      );
    expect(samples.at(-1)!.odometer).toBeGreaterThan(samples[0].odometer);
  });

  it('warms a live vehicle through the same steps: its first record follows the last history record', async () => {
    const profile = createProfile(2, '356307042440002', true);
    const end = runHistory(profile, vehicleRandom(profile, 1), from, start);
    const transport = new Capture();
    const clock = new SimClock({ speedup: 1, historyMs: 0, now: () => start + 60_000 });
    const runner = new VehicleRunner({
      profile,
      clock: Object.assign(clock, { simStart: start }),
      transport,
      rnd: vehicleRandom(profile, 1),
      maxBatch: 100,
      counters: { records: 0, frames: 0, errors: 0, reconnects: 0 },
      warmFrom: from,
    });
    expect(runner.state).toEqual(end);
    const abort = new AbortController();
    const running = runner.run(abort.signal);
    await transport.firstFrame;
    abort.abort();
    await running;
    const first = transport.sent[0];
    expect(first.time).toBeGreaterThan(end.time);
    expect(first.odometer).toBeGreaterThanOrEqual(Math.round(end.odometer));
  });
});
