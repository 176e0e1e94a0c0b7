/**
 * GET /api/health: `OK` (text, for Traccar clients and load balancers) or 503 with what is down; the
 * details as JSON with `?details=1` or `Accept: application/json` for administrators and the metrics token
 * only (they name nodes, leases and listener ports): anyone else gets the plain answer. GET /metrics: Prometheus text for
 * administrators or the FROTA_METRICS_TOKEN Bearer token. Also times every HTTP request by route.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services/context';
import { Operations } from './operations';
import { checkHealth, healthText } from './health';
import { assertMetricsReader, isMetricsReader } from './metricsAccess';

const wantsDetails = (details: string | undefined, accept: string | undefined) =>
  (details !== undefined && !/^(0|false|no)$/i.test(details)) || /application\/json/i.test(accept ?? '');

export function operationsRoutes(app: FastifyInstance, services: Services): void {
  let ops = services.operations;
  if (!ops) {
    // an app built without server.ts (tests): its own registry and Redis probe, closed with the app
    const own = new Operations(services.config, services.live);
    app.addHook('onClose', () => own.close());
    ops = own;
  }
  const operations = ops;

  app.addHook('onResponse', (req, reply, done) => {
    operations.metrics.httpDuration.observe(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary:
          'Health: OK (text), or 503 when the database, Redis or a device listener is down; JSON details with ?details=1 or Accept: application/json for administrators or FROTA_METRICS_TOKEN (others get the text)',
        querystring: z.object({ details: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const report = await checkHealth(services, operations);
      if (!report.healthy) req.log.warn({ health: report }, 'health check: dependency down');
      reply.code(report.healthy ? 200 : 503).header('cache-control', 'no-store');
      const { details } = req.query as { details?: string };
      if (wantsDetails(details, req.headers.accept) && (await isMetricsReader(services, req)))
        return reply.send(report);
      return reply.type('text/plain; charset=utf-8').send(healthText(report));
    },
  );

  app.get(
    '/metrics',
    { schema: { tags: ['health'], summary: 'Prometheus metrics (administrators or FROTA_METRICS_TOKEN)' } },
    async (req, reply) => {
      await assertMetricsReader(services, req);
      const text = await operations.registry.metrics();
      return reply.type(operations.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
