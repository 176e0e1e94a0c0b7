/**
 * Traccar API (issue 23): calendars (GET/POST /api/calendars, GET/PUT/DELETE /api/calendars/{id}), and the
 * notification helpers that go with them (notificationRoutes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { assertCanWrite, requireScope } from '../../../auth/guard';
import type { Scope } from '../../../auth/policy';
import { badRequest, forbidden } from '../../../errors';
import {
  calendarInput,
  calendarJson,
  deleteCalendar,
  getCalendar,
  insertCalendar,
  listCalendars,
  updateCalendar,
  type CalendarInput,
} from './calendarStore';
import { notificationHelperRoutes } from './notificationRoutes';
import { flag, positive } from './querySchemas';

/** Calendars limit alert notifications: the screen that manages those writes them. */
const WRITE = 'settings.notifications';

const idParams = z.object({ id: positive });
const listQuery = z.object({
  all: flag,
  excludeAttributes: flag,
  userId: positive.optional(),
  keyword: z.string().max(128).optional(),
  limit: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

function parseCalendarBody(body: unknown): CalendarInput {
  const parsed = calendarInput.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest(`${first.path.join('.') || 'body'}: ${first.message}`);
  }
  return parsed.data;
}

function calendarRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['calendars'];
  const readScope = async (req: Parameters<typeof requireScope>[1]): Promise<Scope> => {
    const scope = await requireScope(services, req);
    if (scope.temporary) throw forbidden();
    return scope;
  };

  app.get(
    '/api/calendars',
    { schema: { tags, summary: 'List visible calendars', querystring: listQuery } },
    async (req) => {
      const scope = await readScope(req);
      const query = req.query as z.infer<typeof listQuery>;
      return (await listCalendars(db, scope, query)).map((r) => calendarJson(r, query.excludeAttributes));
    },
  );

  app.get(
    '/api/calendars/:id',
    { schema: { tags, summary: 'One calendar', params: idParams } },
    async (req) =>
      calendarJson(await getCalendar(db, await readScope(req), (req.params as { id: number }).id)),
  );

  app.post(
    '/api/calendars',
    {
      schema: { tags, summary: 'Create a calendar (data: iCalendar text, base64)', body: z.looseObject({}) },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertCanWrite(scope, WRITE);
      const id = await insertCalendar(db, scope, parseCalendarBody(req.body));
      services.changes.emit('notifications');
      return calendarJson(await getCalendar(db, scope, id));
    },
  );

  app.put(
    '/api/calendars/:id',
    {
      schema: { tags, summary: 'Update a calendar', params: idParams, body: z.looseObject({}) },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      const { id } = req.params as { id: number };
      await getCalendar(db, scope, id);
      const input = parseCalendarBody(req.body);
      if (input.id !== undefined && input.id !== id)
        throw badRequest('id in body does not match the address');
      assertCanWrite(scope, WRITE);
      await updateCalendar(db, id, input);
      services.changes.emit('notifications');
      return calendarJson(await getCalendar(db, scope, id));
    },
  );

  app.delete(
    '/api/calendars/:id',
    { schema: { tags, summary: 'Delete a calendar', params: idParams } },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const { id } = req.params as { id: number };
      await getCalendar(db, scope, id);
      assertCanWrite(scope, WRITE);
      await deleteCalendar(db, id);
      services.changes.emit('notifications');
      return reply.code(204).send();
    },
  );
}

export function traccarCalendarsRoutes(app: FastifyInstance, services: Services): void {
  calendarRoutes(app, services);
  notificationHelperRoutes(app, services);
}
