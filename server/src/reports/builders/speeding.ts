/** Excessos de velocidade: one table per vehicle (or driver) of speeding episodes. */
import { knotsToKmh, numberAttr } from '@frota/core';
import { col, kmh, table, type Cell, type ReportResult } from '../model';
import { loadZones, type ReportContext, type VehicleInfo } from '../context';
import { numberOption } from '../request';
import { runVehicle } from '../../track/run';
import { SpeedingDetector, type Episode } from '../../track/speeding';
import { MAX_GAP_MS } from '../../track/tracker';
import { duration } from '../../track/timezone';
import { ZoneSet } from '../../track/zoneSet';
import {
  addresses,
  assignedDrivers,
  driverKey,
  driverNames,
  driverText,
  periodText,
  placeOf,
  vehicleText,
  vehiclesOfDriver,
} from './common';

export const SPEEDING_COLUMNS = [
  col('Início', 'datetime'),
  col('Fim', 'datetime'),
  col('Duração', 'duration'),
  col('Vel. máxima (km/h)', 'integer'),
  col('Vel. média (km/h)', 'integer'),
  col('Limite (km/h)', 'integer'),
  col('Excesso (km/h)', 'integer', 'red'),
  col('Origem do limite'),
  col('Local'),
  col('Condutor'),
];

export interface Found extends Episode {
  vehicle: VehicleInfo;
  driver?: string;
}

export interface SpeedingSettings {
  toleranceKmh: number;
  toleranceSeconds: number;
  useRoadLimits: boolean;
  zonesOnly: boolean;
  zones: ZoneSet;
}

export async function speedingSettings(ctx: ReportContext): Promise<SpeedingSettings> {
  const o = ctx.request.options;
  const zonesOnly = o.check2;
  const all = await loadZones(ctx.db, ctx.scope, zonesOnly ? ctx.request.geofences : undefined);
  return {
    toleranceKmh: numberOption(o.text1, 0),
    toleranceSeconds: numberOption(o.text2, 0),
    useRoadLimits: o.check1,
    zonesOnly,
    zones: new ZoneSet(all.list.filter((z) => z.speedLimit)),
  };
}

/** What the detector is given for one vehicle (the gap rule is the engine's). */
export type EpisodeOptions = Omit<ConstructorParameters<typeof SpeedingDetector>[0], 'maxGapMs'>;

/** The speeding episodes of one vehicle over the period, each with its driver (card, or the assigned one). */
export async function detectEpisodes(
  ctx: ReportContext,
  v: VehicleInfo,
  options: EpisodeOptions,
  assigned?: string,
): Promise<Found[]> {
  const detector = new SpeedingDetector({ ...options, maxGapMs: MAX_GAP_MS });
  await runVehicle(ctx.db, v.id, v.profile, [detector], {
    from: ctx.request.from,
    to: ctx.request.to,
    end: ctx.end,
    keys: ['driverUniqueId', 'speedLimit'],
    seed: false,
  });
  return detector.episodes.map((e) => ({ ...e, vehicle: v, driver: driverKey(e.start) ?? assigned }));
}

export function vehicleEpisodes(
  ctx: ReportContext,
  v: VehicleInfo,
  s: SpeedingSettings,
  assigned?: string,
): Promise<Found[]> {
  const limit = numberAttr(v.attributes.speedLimit);
  return detectEpisodes(
    ctx,
    v,
    { ...s, vehicleLimit: limit && limit > 0 ? knotsToKmh(limit) : undefined },
    assigned,
  );
}

const sourceText = (e: Episode): string =>
  e.source.kind === 'vehicle'
    ? 'Veículo'
    : e.source.kind === 'road'
      ? 'Estrada'
      : `Zona: ${e.source.zone.name}`;

/** A speeding-shaped report: its name and title, the options line, how to find a vehicle's episodes. */
export interface SpeedingTables {
  report: string;
  title: string;
  subtitle3: string;
  episodesOf: (v: VehicleInfo, assigned?: string) => Promise<Found[]>;
  /** the "Origem do limite" cell */
  source: (e: Episode) => string;
}

/** One table of episodes per vehicle, or per driver (itemsType D, across the vehicles the driver drove). */
export async function speedingTables(ctx: ReportContext, spec: SpeedingTables): Promise<ReportResult[]> {
  const names = await driverNames(ctx);
  const groups: Array<{ episodes: Found[]; vehicle?: VehicleInfo; driverIndex?: number }> = [];
  if (ctx.request.itemsType === 'V') {
    const assigned = await assignedDrivers(
      ctx,
      ctx.vehicles.map((v) => v.id),
    );
    for (const v of ctx.vehicles)
      groups.push({ vehicle: v, episodes: await spec.episodesOf(v, assigned.get(v.id)) });
  } else {
    for (const [i, d] of ctx.drivers.entries()) {
      const vehicles = await vehiclesOfDriver(ctx, d);
      const assigned = await assignedDrivers(
        ctx,
        vehicles.map((v) => v.id),
      );
      const episodes: Found[] = [];
      for (const v of vehicles)
        episodes.push(
          ...(await spec.episodesOf(v, assigned.get(v.id))).filter((e) => e.driver === d.uniqueId),
        );
      episodes.sort((a, b) => a.startTime - b.startTime);
      groups.push({ driverIndex: i, episodes });
    }
  }
  const byDriver = ctx.request.itemsType === 'D';
  const results: ReportResult[] = [];
  for (const g of groups) {
    if (!g.episodes.length) continue;
    const places = await addresses(
      ctx,
      g.episodes.map((e) => e.start),
    );
    const data = g.episodes.map((e): Cell[] => {
      const row: Cell[] = [
        ctx.zone.dateTime(e.startTime),
        ctx.zone.dateTime(e.endTime),
        duration(e.endTime - e.startTime),
        kmh(e.maxSpeed),
        kmh(e.averageSpeed),
        kmh(e.limit),
        kmh(e.maxSpeed - e.limit),
        spec.source(e),
        placeOf(places, e.start),
        e.driver ? (names.get(e.driver) ?? e.driver) : '',
      ];
      return byDriver ? [e.vehicle.name, ...row] : row;
    });
    const footer: Cell[] = [
      'Total',
      `${g.episodes.length} ${g.episodes.length === 1 ? 'excesso' : 'excessos'}`,
      duration(g.episodes.reduce((t, e) => t + e.endTime - e.startTime, 0)),
      kmh(Math.max(...g.episodes.map((e) => e.maxSpeed))),
      '',
      '',
      '',
      '',
      '',
      '',
    ];
    const driver = g.driverIndex !== undefined ? ctx.drivers[g.driverIndex] : undefined;
    results.push(
      table({
        report: spec.report,
        title: `${spec.title} - ${g.vehicle ? g.vehicle.name : driver!.name}`,
        subtitle: periodText(ctx),
        subtitle2: g.vehicle ? vehicleText(g.vehicle) : driverText(driver!),
        subtitle3: spec.subtitle3,
        columns: byDriver ? [col('Veículo'), ...SPEEDING_COLUMNS] : SPEEDING_COLUMNS,
        data,
        footer: [byDriver ? ['', ...footer] : footer],
        deviceId: g.vehicle?.id,
        driverId: driver?.id,
      }),
    );
  }
  return results;
}

export async function speedingReport(ctx: ReportContext): Promise<ReportResult[]> {
  const s = await speedingSettings(ctx);
  const options = [`Tolerância: ${s.toleranceKmh} km/h, ${s.toleranceSeconds} s`];
  if (s.useRoadLimits) options.push('Limites das estradas');
  if (s.zonesOnly) options.push(`Zonas: ${s.zones.list.map((z) => z.name).join(', ')}`);
  return speedingTables(ctx, {
    report: 'speeding',
    title: 'Excessos de velocidade',
    subtitle3: options.join(' · '),
    episodesOf: (v, assigned) => vehicleEpisodes(ctx, v, s, assigned),
    source: sourceText,
  });
}
