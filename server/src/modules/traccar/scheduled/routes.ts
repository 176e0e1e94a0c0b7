/**
 * Traccar API (issue 23): scheduled reports, as traccar-web's Scheduled page and report pages use them —
 * GET/POST /api/reports, GET/PUT/DELETE /api/reports/{id}; their vehicles and groups are linked through
 * /api/permissions (reportLinks.ts) and the job (reportJob.ts) mails them when their calendar's periods end.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { assertCanWrite, requireScope } from '../../../auth/guard';
import type { Scope } from '../../../auth/policy';
import { badRequest, forbidden } from '../../../errors';
import { flag, positive } from '../calendars/querySchemas';
import {
  deleteReport,
  getReport,
  insertReport,
  listReports,
  reportInput,
  reportJson,
  updateReport,
  type ReportInput,
} from './reportStore';

/** The report scheduler's screen permission (document 2's scheduled reports). */
const WRITE = 'reports.schedules';

const idParams = z.object({ id: positive });
const listQuery = z.object({
  all: flag,
  refresh: flag,
  excludeAttributes: flag,
  userId: positive.optional(),
  deviceId: positive.optional(),
  groupId: positive.optional(),
  limit: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

function parseReportBody(body: unknown): ReportInput {
  const parsed = reportInput.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest(`${first.path.join('.') || 'body'}: ${first.message}`);
  }
  return parsed.data;
}

export function traccarScheduledRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['reports'];
  const readScope = async (req: FastifyRequest): Promise<Scope> => {
    const scope = await requireScope(services, req);
    if (scope.temporary) throw forbidden();
    return scope;
  };

  app.get(
    '/api/reports',
    { schema: { tags, summary: 'List visible scheduled reports', querystring: listQuery } },
    async (req) => {
      const scope = await readScope(req);
      const query = req.query as z.infer<typeof listQuery>;
      return (await listReports(db, scope, query)).map((r) => reportJson(r, query.excludeAttributes));
    },
  );

  app.get(
    '/api/reports/:id',
    { schema: { tags, summary: 'One scheduled report', params: idParams } },
    async (req) => reportJson(await getReport(db, await readScope(req), (req.params as { id: number }).id)),
  );

  app.post(
    '/api/reports',
    {
      schema: {
        tags,
        summary:
          'Schedule a report (type route|events|trips|stops|summary, mailed when a calendar period ends)',
        body: z.looseObject({}),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertCanWrite(scope, WRITE);
      const id = await insertReport(db, scope, parseReportBody(req.body));
      return reportJson(await getReport(db, scope, id));
    },
  );

  app.put(
    '/api/reports/:id',
    { schema: { tags, summary: 'Update a scheduled report', params: idParams, body: z.looseObject({}) } },
    async (req) => {
      const scope = await requireScope(services, req);
      const { id } = req.params as { id: number };
      await getReport(db, scope, id);
      const input = parseReportBody(req.body);
      if (input.id !== undefined && input.id !== id)
        throw badRequest('id in body does not match the address');
      assertCanWrite(scope, WRITE);
      await updateReport(db, scope, id, input);
      return reportJson(await getReport(db, scope, id));
    },
  );

  app.delete(
    '/api/reports/:id',
    { schema: { tags, summary: 'Delete a scheduled report', params: idParams } },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const { id } = req.params as { id: number };
      await getReport(db, scope, id);
      assertCanWrite(scope, WRITE);
      await deleteReport(db, id);
      return reply.code(204).send();
    },
  );
}
