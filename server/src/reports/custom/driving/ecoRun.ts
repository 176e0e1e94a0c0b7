/** Runs the eco counter over every vehicle asked (eco_driving and rag share it). */
import { knotsToKmh, numberAttr } from '@frota/core';
import { loadZones, type ReportContext, type VehicleInfo } from '../../context';
import { numberOption } from '../../request';
import { runVehicle } from '../../../track/run';
import { SpeedingDetector } from '../../../track/speeding';
import { MAX_GAP_MS } from '../../../track/tracker';
import { ZoneSet } from '../../../track/zoneSet';
import { assignedDrivers, mapVehicles } from '../../builders/common';
import { EcoCounter, ECO_KEYS } from './ecoCounter';

export const DEFAULT_RPM = 3000;
export const DEFAULT_IDLE_MIN = 5;
/** over-revving counts when it lasts more than this */
export const REV_MS = 10_000;
/** the speeding limit of a vehicle without its own `speedLimit` */
export const DEFAULT_ECO_LIMIT_KMH = 90;

export interface EcoSettings {
  rpmLimit: number;
  idleMinutes: number;
}

export const ecoSettings = (ctx: ReportContext): EcoSettings => ({
  rpmLimit: numberOption(ctx.request.options.text1, DEFAULT_RPM),
  idleMinutes: numberOption(ctx.request.options.text2, DEFAULT_IDLE_MIN),
});

export const ecoSettingsText = (s: EcoSettings): string =>
  `Rotação máxima: ${s.rpmLimit} rpm · Ralenti máximo: ${s.idleMinutes} min`;

export interface VehicleEco {
  vehicle: VehicleInfo;
  counter: EcoCounter;
}

export async function ecoByVehicle(ctx: ReportContext, s: EcoSettings): Promise<VehicleEco[]> {
  const all = await loadZones(ctx.db, ctx.scope);
  const zones = new ZoneSet(all.list.filter((z) => z.speedLimit));
  const assigned = await assignedDrivers(
    ctx,
    ctx.vehicles.map((v) => v.id),
  );
  return mapVehicles(ctx, ctx.vehicles, async (vehicle) => {
    const own = numberAttr(vehicle.attributes.speedLimit);
    const speeding = new SpeedingDetector({
      toleranceKmh: 0,
      toleranceSeconds: 0,
      useRoadLimits: true,
      vehicleLimit: own && own > 0 ? knotsToKmh(own) : DEFAULT_ECO_LIMIT_KMH,
      zones,
      zonesOnly: false,
      maxGapMs: MAX_GAP_MS,
    });
    const counter = new EcoCounter(
      {
        rpmLimit: s.rpmLimit,
        revMs: REV_MS,
        idleMs: s.idleMinutes * 60_000,
        assigned: assigned.get(vehicle.id),
      },
      speeding,
    );
    await runVehicle(ctx.db, vehicle.id, vehicle.profile, [counter], {
      from: ctx.request.from,
      to: ctx.request.to,
      end: ctx.end,
      keys: ECO_KEYS,
    });
    return { vehicle, counter };
  });
}
