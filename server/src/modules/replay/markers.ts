/**
 * The events the replay marks on the route, each found by the report engine's own detectors: trip starts
 * (the trips report), stops and idling (the stops report), refills (fuel analysis), speeding (the speeding
 * report against the vehicle's, the road's and the zones' limits) and power take-off (the PTO report).
 * A position carries one marker; when two fall on the same position the first of that order wins.
 */
import { knotsToKmh, numberAttr } from '@frota/core';
import type { ReportContext, VehicleInfo } from '../../reports/context';
import { ptoInput } from '../../reports/builders/pto';
import { speedingSettings } from '../../reports/builders/speeding';
import { DEFAULT_FUEL_THRESHOLD, FuelAnalyzer, type FuelEvent } from '../../track/fuel';
import { FlagIntervals, type Interval } from '../../track/intervals';
import type { Sample } from '../../track/sample';
import { SpeedingDetector, type Episode } from '../../track/speeding';
import type { Stop } from '../../track/tracker';
import { MAX_GAP_MS } from '../../track/tracker';
import type { TripInfo } from '../../reports/builders/trips';
import type { PositionColumns } from './positionColumns';

/** The detectors fed by the replay's one pass over the positions. */
export class PassDetectors {
  private readonly fuel = new FuelAnalyzer(DEFAULT_FUEL_THRESHOLD);
  private readonly pto: FlagIntervals | undefined;

  private constructor(
    vehicle: VehicleInfo,
    private readonly speeding: SpeedingDetector,
  ) {
    const input = ptoInput(vehicle.attributes);
    this.pto = input ? new FlagIntervals((s) => input.flag(s.attrs)) : undefined;
  }

  static async for(ctx: ReportContext, vehicle: VehicleInfo): Promise<PassDetectors> {
    // every limit that applies counts here, the road's included (the speeding report's check1)
    const request = { ...ctx.request, options: { ...ctx.request.options, check1: true, check2: false } };
    const settings = await speedingSettings({ ...ctx, request });
    const limit = numberAttr(vehicle.attributes.speedLimit);
    const detector = new SpeedingDetector({
      ...settings,
      vehicleLimit: limit && limit > 0 ? knotsToKmh(limit) : undefined,
      maxGapMs: MAX_GAP_MS,
    });
    return new PassDetectors(vehicle, detector);
  }

  /**
   * Feeds one position with its fuel level (percent of the tank); answers the speed limit there (km/h). Zone limits are looked up only where the
   * speed could break one (as the speeding report does), so a slow position shows the vehicle's or the
   * road's limit even inside a slower zone.
   */
  push(s: Sample, fuelLevel: number | undefined): number | undefined {
    const limit = this.speeding.limitAt(s)?.limit;
    this.speeding.push(s);
    this.fuel.push(s, fuelLevel);
    this.pto?.push(s);
    return limit;
  }

  finish(end: number): { episodes: Episode[]; refills: FuelEvent[]; pto: Interval[] } {
    this.speeding.finish();
    this.fuel.finish();
    this.pto?.finish(end);
    return {
      episodes: this.speeding.episodes,
      refills: this.fuel.events.filter((e) => e.kind === 'refill'),
      pto: this.pto?.intervals ?? [],
    };
  }
}

export interface Found {
  trips: TripInfo[];
  stops: Stop[];
  episodes: Episode[];
  refills: FuelEvent[];
  pto: Interval[];
}

export function markEvents(cols: PositionColumns, found: Found): void {
  const at = (s: Sample) => cols.indexOf(s.id, s.time);
  for (const t of found.trips) cols.mark(at(t.start), 'start');
  for (const s of found.stops) cols.mark(at(s.at), s.ignitionOff ? 'stop' : 'idle');
  for (const e of found.refills) cols.mark(at(e.sample), 'fuel');
  for (const e of found.episodes) cols.mark(at(e.start), 'speeding');
  for (const i of found.pto) cols.mark(at(i.start), 'pto');
}
