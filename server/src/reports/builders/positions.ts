/** Posições: every position of each vehicle, at most MAX_POSITION_ROWS per request. */
import { counted, col, round, table, type Cell, type ReportResult } from '../model';
import type { ReportContext } from '../context';
import { positionChunks } from '../../track/positionStream';
import { toSample, type Sample } from '../../track/sample';
import { hidesPositionOf } from '../privacy';
import { driverKey, driverNames, periodText, vehicleText, yesNo } from './common';

export const MAX_POSITION_ROWS = 100_000;

export const POSITION_COLUMNS = [
  col('Data', 'datetime'),
  col('Latitude', 'number'),
  col('Longitude', 'number'),
  col('Velocidade (km/h)', 'integer'),
  col('Direcção (°)', 'integer'),
  col('Ignição'),
  col('Odómetro (km)', 'number'),
  col('Morada'),
  col('Condutor'),
  col('Válida'),
];

export async function positionsReport(ctx: ReportContext): Promise<ReportResult[]> {
  const names = await driverNames(ctx);
  const results: ReportResult[] = [];
  let budget = MAX_POSITION_ROWS;
  for (const v of ctx.vehicles) {
    if (budget <= 0) break;
    const data: Cell[][] = [];
    let truncated = false;
    let prev: Sample | undefined;
    const spec = { keys: [], details: true, allAttributes: true };
    const hides = hidesPositionOf(ctx, v);
    outer: for await (const chunk of positionChunks(ctx.db, v.id, ctx.request.from, ctx.request.to, spec)) {
      for (const raw of chunk) {
        if (data.length >= budget) {
          truncated = true;
          break outer;
        }
        const s = toSample(raw, v.profile, prev);
        prev = s;
        const driver = driverKey(s);
        // a private position keeps its time and validity: not where it was, nor what was read there
        // (auth/privacy.ts)
        const hidden = hides(s.attrs);
        data.push([
          ctx.zone.dateTime(s.time),
          hidden ? null : round(s.latitude, 6),
          hidden ? null : round(s.longitude, 6),
          hidden ? null : Math.round(s.speed),
          hidden ? null : Math.round(s.course ?? 0),
          hidden ? '' : yesNo(s.ignition),
          !hidden && s.odometer !== undefined ? round(s.odometer / 1000, 1) : null,
          hidden ? '' : (s.address ?? ''),
          driver && !hidden ? (names.get(driver) ?? driver) : '',
          yesNo(s.valid),
        ]);
      }
    }
    budget -= data.length;
    if (!data.length) continue;
    results.push(
      table({
        report: 'positions',
        title: `Posições - ${v.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(v),
        subtitle3: truncated
          ? `Limitado a ${MAX_POSITION_ROWS} posições`
          : counted(data.length, 'posição', 'posições'),
        columns: POSITION_COLUMNS,
        data,
        deviceId: v.id,
        truncated,
      }),
    );
  }
  return results;
}
