/**
 * POST /report/report_passenger_pickup.php (document 2 §7, document 3 "Passenger control"): the passenger
 * pages' one endpoint; `ReportVersion` 1 runs passenger_vehicle, 3 passenger_passenger, with the same body,
 * permission and answers (JSON or a file) as their own report routes.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PASSENGER_MESSAGES, PASSENGER_REPORT_VERSIONS } from '@frota/core';
import { requireScope } from '../../auth/guard';
import type { Services } from '../../services/context';
import { badRequest } from '../../errors';
import { contentDisposition, renderFile } from '../../reports/export';
import { reportBodySchema } from '../../reports/request';
import { runReport } from '../../reports/runner';
import { reportAnswerSchema } from '../../reports/schemas';
import { PASSENGER_REPORTS } from '../../reports/custom/passengers/index';

/** The report a ReportVersion names (a number or its text), or undefined. */
export function reportForVersion(version: unknown): string | undefined {
  const text = typeof version === 'number' || typeof version === 'string' ? String(version).trim() : '';
  return Object.hasOwn(PASSENGER_REPORT_VERSIONS, text)
    ? PASSENGER_REPORT_VERSIONS[Number(text) as keyof typeof PASSENGER_REPORT_VERSIONS]
    : undefined;
}

export function pickupReportRoute(app: FastifyInstance, services: Services): void {
  const titles = new Map(PASSENGER_REPORTS.map((d) => [d.name, d.title]));
  app.post(
    '/report/report_passenger_pickup.php',
    {
      schema: {
        tags: ['reports', 'passengers'],
        summary:
          'Passenger pickups: ReportVersion 1 by vehicle (passengers.vehicle), 3 by passenger (passengers.passenger)',
        description:
          'The body of every report plus ReportVersion (1 or 3; another → 400 ' +
          `\`${PASSENGER_MESSAGES.reportVersion}\`) and passengers (ids, none = all). Answers as ` +
          '/report/report_passenger_vehicle.php and /report/report_passenger_passenger.php.',
        body: reportBodySchema
          .extend({ ReportVersion: z.union([z.number(), z.string()]).optional().describe('1 or 3') })
          .optional(),
        response: {
          200: reportAnswerSchema.describe('format json; other formats answer the file'),
          400: z.string().describe('Portuguese message of document 2 §5, or the ReportVersion one'),
        },
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const name = reportForVersion(body.ReportVersion);
      if (!name) throw badRequest(PASSENGER_MESSAGES.reportVersion);
      const now = Date.now();
      const { ctx, results, translator } = await runReport(services, scope, name, body, now);
      const format = ctx.request.format;
      if (format === 'json')
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(results));
      const file = await renderFile(format, results, {
        name,
        title: titles.get(name) ?? name,
        client: ctx.client.title,
        zone: ctx.zone,
        now,
        translator,
      });
      return reply
        .header('content-disposition', contentDisposition(file))
        .type(file.contentType)
        .send(file.body);
    },
  );
}
