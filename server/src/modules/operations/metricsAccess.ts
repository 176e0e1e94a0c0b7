/**
 * Who may read GET /metrics and the details of GET /api/health (node ids, leases, listener ports, counts):
 * an administrator's session, or the configured Bearer token (FROTA_METRICS_TOKEN).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services/context';
import { optionalScope } from '../../auth/guard';
import { forbidden, unauthorized } from '../../errors';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function hasMetricsToken(services: Services, req: FastifyRequest): boolean {
  const expected = services.config.metricsToken;
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  return Boolean(expected && bearer && sameToken(bearer, expected));
}

export async function assertMetricsReader(services: Services, req: FastifyRequest): Promise<void> {
  if (hasMetricsToken(services, req)) return;
  const scope = await optionalScope(services, req);
  if (!scope) throw unauthorized('Unauthorized');
  if (!scope.admin) throw forbidden('Administrators only');
}

/** The same readers, asked without refusing: anyone else gets the plain health answer. */
export async function isMetricsReader(services: Services, req: FastifyRequest): Promise<boolean> {
  if (hasMetricsToken(services, req)) return true;
  const scope = await optionalScope(services, req).catch(() => undefined);
  return Boolean(scope?.admin);
}
