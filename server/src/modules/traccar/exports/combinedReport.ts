/**
 * Traccar's combined report (GET /api/reports/combined): per vehicle, its route as [longitude, latitude]
 * pairs, its events that have a position (but `deviceMoving`), and those events' positions. It shows both
 * a route and events, so it needs both permissions: reports.positions and reports.alerts.
 */
import type { ReportContext } from '../../../reports/context';
import { PrivacyFilter } from '../../../auth/privacy';
import { isBlankedPosition } from '@frota/core';
import { eventJson, positionJson, type EventJson, type Position } from '../../../db/rows';
import { MAX_EXPORT_POSITIONS } from './positionHistory';

const EXCLUDED_TYPES = ['deviceMoving'];

export interface CombinedItem {
  deviceId: number;
  route: Array<[number, number]>;
  events: EventJson[];
  positions: Position[];
}

export async function combinedReport(ctx: ReportContext): Promise<CombinedItem[]> {
  const k = ctx.db.kysely;
  const { from, to } = ctx.request;
  const privacy = await PrivacyFilter.for(
    ctx.db,
    ctx.scope.user,
    ctx.vehicles.map((v) => v.id),
  );
  const out: CombinedItem[] = [];
  for (const v of ctx.vehicles) {
    const events = (
      await k
        .selectFrom('events')
        .selectAll()
        .where('deviceId', '=', v.id)
        .where('eventTime', '>=', from)
        .where('eventTime', '<=', to)
        .where('positionId', 'is not', null)
        .where('type', 'not in', EXCLUDED_TYPES)
        .orderBy('eventTime')
        .orderBy('id')
        .execute()
    ).map(eventJson);
    const wanted = new Set(events.map((e) => e.positionId));
    const positions = (
      await k
        .selectFrom('positions')
        .selectAll()
        .where('deviceId', '=', v.id)
        .where('fixTime', '>=', from)
        .where('fixTime', '<=', to)
        .orderBy('fixTime')
        .limit(MAX_EXPORT_POSITIONS)
        .execute()
    ).map((r) => privacy.apply(positionJson(r)));
    out.push({
      deviceId: v.id,
      route: positions.filter((p) => !isBlankedPosition(p)).map((p) => [p.longitude, p.latitude]),
      events: await privacy.events(ctx.db, events),
      positions: positions.filter((p) => wanted.has(p.id)),
    });
  }
  return out;
}
