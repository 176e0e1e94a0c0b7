/**
 * Tracker faults in one vehicle's stream, each a run of positions in a fault state, from its first position
 * to the first position out of it (or open at the period's end):
 * - power: external power (`power`, volts) below the threshold, or the decoder's `powerCut` alarm;
 * - gps: invalid fixes lasting more than the minimum;
 * - tampering / malfunction: the position's `alarm` mapped as the alarm events map it (powerCut excluded,
 *   it is a power fault);
 * - silence: no position for more than the silence limit, between two positions (the one before the period
 *   included, clipped to its start) or from the last one to the period's end.
 */
import { numberAttr } from '@frota/core';
import { ALARM_NAMES } from '../../../processing/detectors/alarms';
import type { Consumer } from '../../../track/run';
import type { Sample } from '../../../track/sample';

export type FaultKind = 'power' | 'gps' | 'tampering' | 'malfunction' | 'silence';
export const FAULT_KEYS = ['power', 'alarm'];
const POWER_CUT = 'powerCut';

export interface Fault {
  kind: FaultKind;
  start: number;
  /** undefined: still on at the period's end */
  end?: number;
  /** where it began (the last position before a silence) */
  at: Sample;
  /** the lowest power seen (power), the alarm names (tampering, malfunction), the invalid fixes (gps) */
  minPower?: number;
  alarms: string[];
  positions: number;
}

export interface FaultOptions {
  powerVolts: number;
  gpsMs: number;
  silenceMs: number;
}

const rawAlarms = (s: Sample): string[] =>
  typeof s.attrs.alarm === 'string' && s.attrs.alarm
    ? s.attrs.alarm
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean)
    : [];

export class FaultDetector implements Consumer {
  readonly faults: Fault[] = [];
  private open = new Map<Exclude<FaultKind, 'silence'>, Fault>();
  private prev: Sample | undefined;
  private from = -Infinity;

  constructor(private readonly o: FaultOptions) {}

  seed(s: Sample, from: number): void {
    this.prev = s;
    this.from = from;
  }

  push(s: Sample): void {
    const prev = this.prev;
    this.prev = s;
    if (prev) {
      const begin = Math.max(prev.time, this.from);
      if (s.time - begin > this.o.silenceMs)
        this.faults.push({ kind: 'silence', start: begin, end: s.time, at: prev, alarms: [], positions: 0 });
    }
    const alarms = rawAlarms(s);
    const power = numberAttr(s.attrs.power);
    const mapped = (kind: string) => alarms.filter((a) => a !== POWER_CUT && ALARM_NAMES[a] === kind);
    this.state(s, 'power', alarms.includes(POWER_CUT) || (power !== undefined && power < this.o.powerVolts), {
      alarms: alarms.filter((a) => a === POWER_CUT),
      power,
    });
    this.state(s, 'gps', !s.valid, {});
    for (const kind of ['tampering', 'malfunction'] as const) {
      const found = mapped(kind);
      this.state(s, kind, found.length > 0, { alarms: found });
    }
  }

  private state(
    s: Sample,
    kind: Exclude<FaultKind, 'silence'>,
    on: boolean,
    seen: { alarms?: string[]; power?: number },
  ): void {
    const f = this.open.get(kind);
    if (!on) {
      if (f) {
        f.end = s.time;
        this.close(f);
        this.open.delete(kind);
      }
      return;
    }
    const current = f ?? { kind, start: s.time, at: s, alarms: [], positions: 0 };
    if (!f) this.open.set(kind, current);
    current.positions++;
    for (const a of seen.alarms ?? []) if (!current.alarms.includes(a)) current.alarms.push(a);
    if (seen.power !== undefined && (current.minPower === undefined || seen.power < current.minPower))
      current.minPower = seen.power;
  }

  private close(f: Fault): void {
    if (f.kind === 'gps' && (f.end ?? Infinity) - f.start <= this.o.gpsMs) return;
    this.faults.push(f);
  }

  finish(end: number): void {
    for (const f of this.open.values()) {
      if (f.kind === 'gps' && end - f.start <= this.o.gpsMs) continue;
      this.faults.push(f);
    }
    this.open.clear();
    const last = this.prev;
    if (last) {
      const begin = Math.max(last.time, this.from);
      if (end - begin > this.o.silenceMs)
        this.faults.push({ kind: 'silence', start: begin, at: last, alarms: [], positions: 0 });
    }
    this.faults.sort((a, b) => a.start - b.start);
  }
}
