/**
 * Excessos de velocidade Luanda: speeding against two limits, one inside every zone the user sees
 * (text1, default 60 km/h) and one outside them (text2, default 90 km/h), by vehicle or by driver. The
 * standard detector takes the lowest applicable limit, so a zone never allows more than the outside limit.
 */
import type { ReportResult } from '../../model';
import { loadZones, type ReportContext } from '../../context';
import { numberOption } from '../../request';
import { ZoneSet } from '../../../track/zoneSet';
import { detectEpisodes, SPEEDING_COLUMNS, speedingTables } from '../../builders/speeding';
import type { ReportDef } from '../../reportDef';

export const LUANDA_INSIDE_KMH = 60;
export const LUANDA_OUTSIDE_KMH = 90;
export const OUTSIDE_TEXT = 'Fora das zonas';

export async function luandaSpeedingReport(ctx: ReportContext): Promise<ReportResult[]> {
  const inside = numberOption(ctx.request.options.text1, LUANDA_INSIDE_KMH);
  const outside = numberOption(ctx.request.options.text2, LUANDA_OUTSIDE_KMH);
  const all = await loadZones(ctx.db, ctx.scope);
  const zones = new ZoneSet(all.list.map((z) => ({ ...z, speedLimit: inside })));
  return speedingTables(ctx, {
    report: 'luanda_speeding',
    title: 'Excessos de velocidade Luanda',
    subtitle3: `Limite dentro das zonas: ${inside} km/h · Limite fora das zonas: ${outside} km/h`,
    episodesOf: (v, assigned) =>
      detectEpisodes(
        ctx,
        v,
        {
          toleranceKmh: 0,
          toleranceSeconds: 0,
          useRoadLimits: false,
          vehicleLimit: outside,
          zones,
          zonesOnly: false,
        },
        assigned,
      ),
    source: (e) => (e.source.kind === 'zone' ? `Zona: ${e.source.zone.name}` : OUTSIDE_TEXT),
  });
}

export const LUANDA_SPEEDING: ReportDef = {
  name: 'luanda_speeding',
  permission: 'custom_reports.luanda_speeding',
  title: 'Excessos de velocidade Luanda',
  drivers: true,
  options: ['text1', 'text2'],
  columns: SPEEDING_COLUMNS,
  build: luandaSpeedingReport,
};
