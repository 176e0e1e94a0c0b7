/** POST /report/report_{name}.php for every standard report: JSON results or a file (REPORTS.md §1). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireScope } from '../auth/guard';
import type { Services } from '../services/context';
import { contentDisposition, renderFile } from './export';
import { columnsText, REPORTS } from './registry';
import { reportBodySchema } from './request';
import { runReport } from './runner';
import { reportAnswerSchema } from './schemas';

export function reportRunRoutes(app: FastifyInstance, services: Services): void {
  for (const def of REPORTS.values()) {
    app.post(
      `/report/report_${def.name}.php`,
      {
        schema: {
          tags: ['reports'],
          summary: `${def.title} (permission ${def.permission})`,
          description:
            `Columns: ${columnsText(def)}. ` +
            `Items: vehicles${def.drivers ? ' or drivers (itemsType D)' : ''}. See server/src/reports/REPORTS.md.`,
          body: reportBodySchema.optional(),
          response: {
            200: reportAnswerSchema.describe('format json; other formats answer the file'),
            400: z.string().describe('Portuguese message of document 2 §5'),
          },
        },
      },
      async (req, reply) => {
        const scope = await requireScope(services, req);
        const now = Date.now();
        const { ctx, results, translator } = await runReport(services, scope, def.name, req.body ?? {}, now);
        const format = ctx.request.format;
        if (format === 'json')
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(results));
        const file = await renderFile(format, results, {
          name: def.name,
          title: def.title,
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
}
