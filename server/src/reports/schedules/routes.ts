/** /report/api.php/report_scheduler: list, read, create, update, delete the user's scheduled reports. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { assertCanWrite, assertPermission, requireScope } from '../../auth/guard';
import type { Scope } from '../../auth/policy';
import type { Services } from '../../services/context';
import { badRequest, notFound } from '../../errors';
import { REPORTS } from '../registry';
import { loadDrivers, loadVehicles, loadZones } from '../context';
import { parseIds } from '../request';
import { MSG, normaliseSchedule, SCHEDULE_TYPES, type ScheduleFields } from './rules';
import { fieldsOf, reportDb, scheduleJson, scheduleValues } from './store';

const BASE = '/report/api.php/report_scheduler';
const PERMISSION = 'reports.schedules';
const params = z.object({ id: z.coerce.number().int().positive() });
const body = z.looseObject({}).describe('schedule fields of document 2 §3 (snake_case); see REPORTS.md §4');
const tags = ['report scheduler'];

export function scheduleRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const k = reportDb(db);

  const scope = async (req: FastifyRequest) => {
    const s = await requireScope(services, req);
    assertPermission(s, PERMISSION);
    return s;
  };

  async function own(s: Scope, id: number) {
    const row = await k
      .selectFrom('reportScheduler')
      .selectAll()
      .where('id', '=', id)
      .where('userId', '=', s.user.id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The type's permission, and every id (vehicles or drivers, zones) visible to the user. */
  async function authorise(s: Scope, f: ScheduleFields): Promise<void> {
    assertPermission(s, SCHEDULE_TYPES[f.report_type]);
    // A type no report module renders yet would be saved and never sent.
    if (!REPORTS.has(f.report_type)) throw badRequest(MSG.unavailable);
    const ids = parseIds(f.report_ids);
    if (f.report_ids_type === 'D') await loadDrivers(db, s, ids);
    else await loadVehicles(db, s, ids);
    if (f.geofences) await loadZones(db, s, parseIds(f.geofences));
  }

  app.get(BASE, { schema: { tags, summary: 'The user’s scheduled reports' } }, async (req) => {
    const s = await scope(req);
    const rows = await k
      .selectFrom('reportScheduler')
      .selectAll()
      .where('userId', '=', s.user.id)
      .orderBy('reportName')
      .orderBy('id')
      .execute();
    return rows.map(scheduleJson);
  });

  app.get(`${BASE}/:id`, { schema: { tags, summary: 'One scheduled report', params } }, async (req) => {
    const s = await scope(req);
    return scheduleJson(await own(s, (req.params as { id: number }).id));
  });

  app.post(BASE, { schema: { tags, summary: 'Create a scheduled report', body } }, async (req) => {
    const s = await scope(req);
    assertCanWrite(s);
    const fields = normaliseSchedule(req.body as Record<string, unknown>);
    await authorise(s, fields);
    const row = await k
      .insertInto('reportScheduler')
      .values({
        ...scheduleValues(db, fields),
        userId: s.user.id,
        createdAt: Date.now(),
        lastRun: null,
        lastStatus: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return scheduleJson(row);
  });

  app.put(
    `${BASE}/:id`,
    { schema: { tags, summary: 'Change a scheduled report', params, body } },
    async (req) => {
      const s = await scope(req);
      assertCanWrite(s);
      const { id } = req.params as { id: number };
      const before = fieldsOf(scheduleJson(await own(s, id)));
      const fields = normaliseSchedule(req.body as Record<string, unknown>, before);
      await authorise(s, fields);
      const row = await k
        .updateTable('reportScheduler')
        .set(scheduleValues(db, fields))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return scheduleJson(row);
    },
  );

  app.delete(
    `${BASE}/:id`,
    { schema: { tags, summary: 'Delete a scheduled report', params } },
    async (req, reply) => {
      const s = await scope(req);
      assertCanWrite(s);
      const { id } = req.params as { id: number };
      await own(s, id);
      await k.deleteFrom('reportScheduler').where('id', '=', id).execute();
      return reply.code(204).send();
    },
  );
}
