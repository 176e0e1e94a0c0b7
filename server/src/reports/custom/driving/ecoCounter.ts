/**
 * Counts the eco driving events of one vehicle's stream, with the distance and driving time, per driver
 * (the card on the position, else the vehicle's own driver; '' when none):
 * - harsh acceleration, braking and cornering: the position's `alarm` (decoder names mapped as the alarm
 *   events map them), counted when it appears (not on every position that still carries it);
 * - over-revving: `rpm` above the threshold on consecutive positions spanning more than `revMs`;
 * - idling: ignition on and not moving for at least `idleMs` (the run ends at the next position);
 * - speeding: the standard speeding detector's episodes (vehicle, zone and road limits).
 * Each run is counted for the driver at its first position.
 */
import { numberAttr } from '@frota/core';
import { ALARM_NAMES } from '../../../processing/detectors/alarms';
import type { Consumer } from '../../../track/run';
import type { Sample } from '../../../track/sample';
import { SpeedingDetector } from '../../../track/speeding';
import { addStep, MAX_GAP_MS, type Totals } from '../../../track/tracker';
import { driverKey } from '../../builders/common';
import { emptyCounts, type EcoCounts, type EcoKind } from './ecoScore';

export const ECO_KEYS = ['driverUniqueId', 'speedLimit', 'rpm', 'alarm'];

const HARSH: Record<string, EcoKind> = {
  hardAcceleration: 'acceleration',
  hardBraking: 'braking',
  hardCornering: 'cornering',
};

export interface EcoTally {
  counts: EcoCounts;
  totals: Totals;
}

const emptyTally = (): EcoTally => ({
  counts: emptyCounts(),
  totals: { distance: 0, workDistance: 0, drivingMs: 0, idleMs: 0, offMs: 0, maxSpeed: 0 },
});

export interface EcoOptions {
  rpmLimit: number;
  revMs: number;
  idleMs: number;
  /** the vehicle's own driver (uniqueId), for positions without a card */
  assigned?: string;
}

const harshOf = (s: Sample | undefined): Set<EcoKind> => {
  const out = new Set<EcoKind>();
  const v = s?.attrs.alarm;
  if (typeof v !== 'string') return out;
  for (const raw of v.split(',')) {
    const kind = HARSH[ALARM_NAMES[raw.trim()] ?? raw.trim()];
    if (kind) out.add(kind);
  }
  return out;
};

export class EcoCounter implements Consumer {
  /** by driver uniqueId ('' = no driver) */
  readonly byDriver = new Map<string, EcoTally>();
  private prev: Sample | undefined;
  private clipFrom = -Infinity;
  private rev: { start: Sample; last: Sample } | undefined;
  private idle: Sample | undefined;

  constructor(
    private readonly o: EcoOptions,
    private readonly speeding: SpeedingDetector,
  ) {}

  private driverOf(s: Sample): string {
    return driverKey(s) ?? this.o.assigned ?? '';
  }

  private tally(driver: string): EcoTally {
    let t = this.byDriver.get(driver);
    if (!t) this.byDriver.set(driver, (t = emptyTally()));
    return t;
  }

  private count(kind: EcoKind, at: Sample): void {
    this.tally(this.driverOf(at)).counts[kind]++;
  }

  seed(s: Sample, from: number): void {
    this.prev = s;
    this.clipFrom = from;
  }

  push(s: Sample): void {
    const prev = this.prev;
    this.prev = s;
    if (prev) addStep(this.tally(this.driverOf(prev)).totals, prev, s, MAX_GAP_MS, this.clipFrom);
    this.clipFrom = -Infinity;
    this.speeding.push(s);
    const before = harshOf(prev);
    for (const kind of harshOf(s)) if (!before.has(kind)) this.count(kind, s);
    this.revs(s);
    this.idles(s);
  }

  private revs(s: Sample): void {
    const rpm = numberAttr(s.attrs.rpm);
    const over = s.ignition && rpm !== undefined && rpm > this.o.rpmLimit;
    if (over && this.rev && s.time - this.rev.last.time <= MAX_GAP_MS) {
      this.rev.last = s;
      return;
    }
    this.closeRev();
    if (over) this.rev = { start: s, last: s };
  }

  private closeRev(): void {
    if (this.rev && this.rev.last.time - this.rev.start.time > this.o.revMs)
      this.count('overRevving', this.rev.start);
    this.rev = undefined;
  }

  private idles(s: Sample): void {
    if (s.motion === 'idle') {
      this.idle ??= s;
      return;
    }
    this.closeIdle(s.time);
  }

  private closeIdle(end: number): void {
    if (this.idle && end - this.idle.time >= this.o.idleMs) this.count('idling', this.idle);
    this.idle = undefined;
  }

  finish(end: number): void {
    this.speeding.finish();
    this.closeRev();
    this.closeIdle(end);
    for (const e of this.speeding.episodes) this.count('speeding', e.start);
  }

  /** The vehicle's figures: every driver's summed. */
  vehicle(): EcoTally {
    const out = emptyTally();
    for (const t of this.byDriver.values()) addTally(out, t);
    return out;
  }
}

export function addTally(into: EcoTally, t: EcoTally): void {
  for (const k of Object.keys(into.counts) as EcoKind[]) into.counts[k] += t.counts[k];
  into.totals.distance += t.totals.distance;
  into.totals.drivingMs += t.totals.drivingMs;
}

export const newTally = emptyTally;
