/**
 * Traccar's server statistics (GET /api/statistics, administrators): one row per UTC day of the period,
 * in Traccar's Statistics shape, from what this server records.
 *
 * Counted: activeDevices and messagesStored (the hourly position tallies of migration 006: vehicles with a
 * stored position that day and their number of positions, by fix time), messagesReceived (the same number:
 * records the pipeline drops as invalid or duplicate are not counted anywhere), protocols (that day's
 * positions by the protocol of each vehicle's latest position) and activeUsers (users with a session open
 * that day; a session ended by logout leaves no trace). Not recorded here, so 0: requests, mailSent,
 * smsSent, geocoderRequests, geolocationRequests.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import type { Services } from '../../../services/context';
import { requireScope } from '../../../auth/guard';
import { badRequest, forbidden } from '../../../errors';

const DAY_MS = 86_400_000;
const HOURS_PER_DAY = 24;
/** A year and a day: the longest period answered in one request. */
export const MAX_STATISTICS_DAYS = 367;

export interface StatisticsRow {
  id: number;
  captureTime: string;
  activeUsers: number;
  activeDevices: number;
  requests: number;
  messagesReceived: number;
  messagesStored: number;
  mailSent: number;
  smsSent: number;
  geocoderRequests: number;
  geolocationRequests: number;
  protocols: Record<string, number>;
  attributes: Record<string, unknown>;
}

const emptyDay = (day: number): StatisticsRow => ({
  id: day,
  captureTime: new Date(day * DAY_MS).toISOString(),
  activeUsers: 0,
  activeDevices: 0,
  requests: 0,
  messagesReceived: 0,
  messagesStored: 0,
  mailSent: 0,
  smsSent: 0,
  geocoderRequests: 0,
  geolocationRequests: 0,
  protocols: {},
  attributes: {},
});

/** The statistics of every UTC day that overlaps [from, to]. */
export async function serverStatistics(db: Db, from: number, to: number): Promise<StatisticsRow[]> {
  const first = Math.floor(from / DAY_MS);
  const last = Math.floor(to / DAY_MS);
  const days = new Map<number, StatisticsRow>();
  for (let d = first; d <= last; d++) days.set(d, emptyDay(d));
  const hours = [first * HOURS_PER_DAY, (last + 1) * HOURS_PER_DAY - 1];

  const tallies = await sql<{ day: number | string; devices: number | string; positions: number | string }>`
    SELECT hour / ${sql.lit(HOURS_PER_DAY)} AS day, count(DISTINCT device_id) AS devices, sum(positions) AS positions
    FROM position_tallies WHERE hour >= ${hours[0]} AND hour <= ${hours[1]} AND positions > 0
    GROUP BY 1`.execute(db.kysely);
  for (const r of tallies.rows) {
    const row = days.get(Number(r.day));
    if (!row) continue;
    row.activeDevices = Number(r.devices);
    row.messagesStored = Number(r.positions);
    row.messagesReceived = Number(r.positions);
  }

  const protocols = await sql<{ day: number | string; protocol: string | null; positions: number | string }>`
    SELECT t.hour / ${sql.lit(HOURS_PER_DAY)} AS day, p.protocol AS protocol, sum(t.positions) AS positions
    FROM position_tallies t JOIN devices d ON d.id = t.device_id LEFT JOIN positions p ON p.id = d.position_id
    WHERE t.hour >= ${hours[0]} AND t.hour <= ${hours[1]} AND t.positions > 0
    GROUP BY 1, 2`.execute(db.kysely);
  for (const r of protocols.rows) {
    const row = days.get(Number(r.day));
    if (row && r.protocol) row.protocols[r.protocol] = Number(r.positions);
  }

  const sessions = await db.kysely
    .selectFrom('sessions')
    .select(['userId', 'createdAt', 'lastSeen'])
    .where('createdAt', '<=', (last + 1) * DAY_MS - 1)
    .where('lastSeen', '>=', first * DAY_MS)
    .execute();
  for (const [day, row] of days) {
    const users = new Set<number>();
    for (const s of sessions)
      if (Number(s.createdAt) < (day + 1) * DAY_MS && Number(s.lastSeen) >= day * DAY_MS)
        users.add(Number(s.userId));
    row.activeUsers = users.size;
  }
  return [...days.values()];
}

const time = z.string().refine((v) => Number.isFinite(Date.parse(v)), 'invalid date');

export function statisticsRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/statistics',
    {
      schema: {
        tags: ['statistics'],
        summary:
          'Server statistics per UTC day (administrators): active users and devices, messages and protocols',
        querystring: z.object({ from: time, to: time }),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      if (!scope.admin) throw forbidden('Administrator access required');
      const q = req.query as { from: string; to: string };
      const from = Date.parse(q.from);
      const to = Date.parse(q.to);
      if (from > to || to - from > MAX_STATISTICS_DAYS * DAY_MS)
        throw badRequest(`Período inválido (máximo ${MAX_STATISTICS_DAYS} dias)`);
      return serverStatistics(services.db, from, to);
    },
  );
}
