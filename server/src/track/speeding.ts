/**
 * Speeding episodes: consecutive valid fixes above the applicable limit plus the tolerance (km/h), kept
 * when they last at least the tolerance in seconds. The limit is the lowest of the vehicle's, the road's
 * (the position's `speedLimit`, when asked) and those of the zones the vehicle is in; with the zone filter
 * only the chosen zones' limits count, and only inside them.
 */
import { knotsToKmh, numberAttr } from '@frota/core';
import type { Sample } from './sample';
import type { ReportZone, ZoneSet } from './zoneSet';

export type LimitSource = { kind: 'vehicle' } | { kind: 'road' } | { kind: 'zone'; zone: ReportZone };

export interface SpeedingOptions {
  toleranceKmh: number;
  toleranceSeconds: number;
  useRoadLimits: boolean;
  /** km/h */
  vehicleLimit?: number;
  zones: ZoneSet;
  zonesOnly: boolean;
  maxGapMs: number;
}

export interface Episode {
  start: Sample;
  end: Sample;
  startTime: number;
  endTime: number;
  maxSpeed: number;
  averageSpeed: number;
  limit: number;
  source: LimitSource;
}

interface Open {
  start: Sample;
  last: Sample;
  max: Sample;
  limit: number;
  source: LimitSource;
  sum: number;
  count: number;
}

export class SpeedingDetector {
  readonly episodes: Episode[] = [];
  private open: Open | undefined;
  private readonly minZoneLimit: number;

  constructor(private readonly o: SpeedingOptions) {
    this.minZoneLimit = Math.min(
      Infinity,
      ...o.zones.list.filter((z) => z.speedLimit).map((z) => z.speedLimit!),
    );
  }

  /** The applicable limit at a sample, or undefined when none applies. */
  limitAt(s: Sample): { limit: number; source: LimitSource } | undefined {
    let best: { limit: number; source: LimitSource } | undefined;
    const offer = (limit: number | undefined, source: LimitSource) => {
      if (limit && limit > 0 && (!best || limit < best.limit)) best = { limit, source };
    };
    if (!this.o.zonesOnly) {
      offer(this.o.vehicleLimit, { kind: 'vehicle' });
      if (this.o.useRoadLimits) {
        const road = numberAttr(s.attrs.speedLimit);
        if (road) offer(knotsToKmh(road), { kind: 'road' });
      }
    }
    // zones only matter when the speed could break one of their limits
    if (s.speed > this.minZoneLimit + this.o.toleranceKmh)
      for (const zone of this.o.zones.inside(s.latitude, s.longitude))
        offer(zone.speedLimit, { kind: 'zone', zone });
    return best;
  }

  push(s: Sample): void {
    if (!s.valid) return;
    const open = this.open;
    if (open && s.time - open.last.time > this.o.maxGapMs) this.close(open.last);
    const at = this.limitAt(s);
    const over = at !== undefined && s.speed > at.limit + this.o.toleranceKmh;
    if (!over) {
      if (this.open) this.close(s);
      return;
    }
    if (!this.open) {
      this.open = { start: s, last: s, max: s, limit: at.limit, source: at.source, sum: s.speed, count: 1 };
      return;
    }
    const o = this.open;
    o.last = s;
    o.sum += s.speed;
    o.count++;
    if (s.speed > o.max.speed) {
      o.max = s;
      o.limit = at.limit;
      o.source = at.source;
    }
  }

  finish(): void {
    if (this.open) this.close(this.open.last);
  }

  private close(end: Sample): void {
    const o = this.open!;
    this.open = undefined;
    if (end.time - o.start.time < this.o.toleranceSeconds * 1000) return;
    this.episodes.push({
      start: o.start,
      end,
      startTime: o.start.time,
      endTime: end.time,
      maxSpeed: o.max.speed,
      averageSpeed: o.sum / o.count,
      limit: o.limit,
      source: o.source,
    });
  }
}
