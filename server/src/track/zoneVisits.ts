/** Zone visits: entry at the first valid fix inside, exit at the first valid fix outside. */
import { odometerStep } from './tracker';
import type { Sample } from './sample';
import type { ReportZone, ZoneSet } from './zoneSet';

export interface Visit {
  zone: ReportZone;
  enterTime: number;
  enter: Sample;
  exitTime?: number;
  exit?: Sample;
  /** metres travelled inside */
  distance: number;
  maxSpeed: number;
}

export class ZoneVisits {
  readonly visits: Visit[] = [];
  private inside = new Map<number, Visit>();
  private prev: Sample | undefined;

  constructor(private readonly zones: ZoneSet) {}

  seed(s: Sample, from: number): void {
    this.prev = s;
    if (!s.valid) return;
    for (const zone of this.zones.inside(s.latitude, s.longitude))
      this.inside.set(zone.id, { zone, enterTime: from, enter: s, distance: 0, maxSpeed: 0 });
  }

  push(s: Sample): void {
    const step = odometerStep(this.prev, s) ?? 0;
    this.prev = s;
    for (const v of this.inside.values()) v.distance += step;
    if (!s.valid) return;
    const now = this.zones.inside(s.latitude, s.longitude);
    const ids = new Set(now.map((z) => z.id));
    for (const [id, v] of this.inside)
      if (!ids.has(id)) {
        v.exit = s;
        v.exitTime = s.time;
        this.visits.push(v);
        this.inside.delete(id);
      }
    for (const zone of now) {
      let v = this.inside.get(zone.id);
      if (!v) {
        v = { zone, enterTime: s.time, enter: s, distance: 0, maxSpeed: 0 };
        this.inside.set(zone.id, v);
      }
      if (s.speed > v.maxSpeed) v.maxSpeed = s.speed;
    }
  }

  finish(): void {
    this.visits.push(...this.inside.values());
    this.inside.clear();
    this.visits.sort((a, b) => a.enterTime - b.enterTime || a.zone.id - b.zone.id);
  }
}
