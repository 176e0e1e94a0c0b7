/**
 * Traccar's geofence report (GET /api/reports/geofences): per vehicle, each stay in a zone as the interval
 * from a `geofenceEnter` event to the next `geofenceExit` of the same zone, sorted by start; Traccar's
 * report item shape, whose distance, speed, fuel and odometer figures it leaves at 0. Zones asked for by
 * `geofenceId` must be visible to the user (404); without any, every zone the user sees (Traccar answers
 * nothing then).
 */
import type { ReportContext } from '../../../reports/context';
import { loadZones } from '../../../reports/context';

/** A type, not an interface: its rows are also a spreadsheet's records (`sheetOf`). */
export type GeofenceItem = {
  deviceId: number;
  deviceName: string;
  geofenceId: number;
  startTime: string;
  endTime: string;
  distance: number;
  averageSpeed: number;
  maxSpeed: number;
  spentFuel: number;
  startOdometer: number;
  endOdometer: number;
};

export async function geofenceReport(ctx: ReportContext, geofenceIds: number[]): Promise<GeofenceItem[]> {
  const zones = await loadZones(ctx.db, ctx.scope, geofenceIds.length ? geofenceIds : undefined);
  const wanted = new Set(zones.list.map((z) => z.id));
  const out: Array<GeofenceItem & { start: number }> = [];
  for (const v of ctx.vehicles) {
    const rows = await ctx.db.kysely
      .selectFrom('events')
      .select(['type', 'eventTime', 'geofenceId'])
      .where('deviceId', '=', v.id)
      .where('eventTime', '>=', ctx.request.from)
      .where('eventTime', '<=', ctx.request.to)
      .where('type', 'in', ['geofenceEnter', 'geofenceExit'])
      .orderBy('eventTime')
      .orderBy('id')
      .execute();
    const open = new Map<number, number>();
    for (const r of rows) {
      const zone = Number(r.geofenceId);
      if (!wanted.has(zone)) continue;
      const time = Number(r.eventTime);
      if (r.type === 'geofenceEnter') open.set(zone, time);
      else {
        const start = open.get(zone);
        open.delete(zone);
        if (start === undefined || time < start) continue;
        out.push({
          start,
          deviceId: v.id,
          deviceName: v.name,
          geofenceId: zone,
          startTime: new Date(start).toISOString(),
          endTime: new Date(time).toISOString(),
          distance: 0,
          averageSpeed: 0,
          maxSpeed: 0,
          spentFuel: 0,
          startOdometer: 0,
          endOdometer: 0,
        });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start).map(({ start: _start, ...item }) => item);
}
