/** Who may read GET /metrics: an administrator's session, or the configured Bearer token. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services/context';
import { optionalScope } from '../../auth/guard';
import { forbidden, unauthorized } from '../../services/errors';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function assertMetricsReader(services: Services, req: FastifyRequest): Promise<void> {
  const expected = services.config.metricsToken;
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  if (expected && bearer && sameToken(bearer, expected)) return;
  const scope = await optionalScope(services, req);
  if (!scope) throw unauthorized('Unauthorized');
  if (!scope.admin) throw forbidden('Administrators only');
}
