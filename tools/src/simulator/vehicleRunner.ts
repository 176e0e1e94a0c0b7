/**
 * Drives one vehicle: steps its state machine up to the simulated clock, queues the records, and sends
 * them in order, waiting for each acknowledgement. Records stay queued until acknowledged; failures close
 * the connection and retry with exponential back-off (longer when the server refuses the device).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimClock } from './clock';
import type { VehicleProfile } from './profile';
import type { Random } from './random';
import { runHistory } from './history';
import { DeviceRejectedError, type Transport } from './transport';
import { initialState, recordPeriodMs, sampleOf, step, type Sample, type VehicleState } from './vehicle';

export interface RunnerCounters {
  records: number;
  frames: number;
  errors: number;
  reconnects: number;
}

const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
const REJECTED_FIRST_MS = 60_000;
const REJECTED_MAX_MS = 600_000;

export function backoffMs(failures: number, rejected: boolean, rnd: Random): number {
  const first = rejected ? REJECTED_FIRST_MS : BACKOFF_FIRST_MS;
  const max = rejected ? REJECTED_MAX_MS : BACKOFF_MAX_MS;
  const base = Math.min(max, first * 2 ** Math.max(0, failures - 1));
  return Math.round(base * rnd.between(0.8, 1.2));
}

export interface VehicleRunnerOptions {
  profile: VehicleProfile;
  clock: SimClock;
  transport: Transport;
  rnd: Random;
  maxBatch: number;
  counters: RunnerCounters;
  onError?: (uniqueId: string, error: unknown) => void;
  /**
   * The start of a history already stored (the demo's): the vehicle is stepped through it at the history's
   * pace (history.ts) and reports from where that leaves it, after its last stored record.
   */
  warmFrom?: number;
}

export class VehicleRunner {
  state: VehicleState;
  rejected = false;
  private readonly pending: Sample[] = [];
  private nextDue: number;

  constructor(private readonly o: VehicleRunnerOptions) {
    const { warmFrom } = o;
    if (warmFrom !== undefined && warmFrom < o.clock.simStart) {
      // the last history record is stored already (or falls in a gap while nothing ran): report after it
      this.state = runHistory(o.profile, o.rnd, warmFrom, o.clock.simStart);
    } else {
      this.state = initialState(o.profile, o.clock.simStart, o.rnd);
      this.pending.push(sampleOf(this.state));
    }
    this.nextDue = this.state.time + recordPeriodMs(this.state);
  }

  get transport(): Transport {
    return this.o.transport;
  }

  /** Steps the vehicle up to the simulated clock; at most one frame's worth is queued at a time. */
  private produce(now: number): void {
    while (this.nextDue <= now && this.pending.length < this.o.maxBatch) {
      this.state = step(this.state, this.o.profile, this.nextDue - this.state.time, this.o.rnd);
      this.pending.push(sampleOf(this.state));
      this.nextDue = this.state.time + recordPeriodMs(this.state);
    }
  }

  async run(signal: AbortSignal): Promise<void> {
    const { clock, transport, counters } = this.o;
    let failures = 0;
    while (!signal.aborted) {
      this.produce(clock.now());
      if (!this.pending.length) {
        await pause(clock.delayUntil(this.nextDue), signal);
        continue;
      }
      const batch = this.pending.slice(0, this.o.maxBatch);
      try {
        await transport.send(batch);
        if (failures > 0) counters.reconnects++;
        this.pending.splice(0, batch.length);
        counters.records += batch.length;
        counters.frames++;
        failures = 0;
        this.rejected = false;
      } catch (error) {
        if (signal.aborted) break;
        failures++;
        counters.errors++;
        this.rejected = error instanceof DeviceRejectedError;
        this.o.onError?.(this.o.profile.uniqueId, error);
        await pause(backoffMs(failures, this.rejected, this.o.rnd), signal);
      }
    }
    transport.close();
  }
}

/** Waits, or less when the signal aborts. */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}
