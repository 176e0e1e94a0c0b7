/**
 * Cross-site requests are refused (issue 33, point 14). The session cookie is SameSite=Lax, which keeps it
 * off cross-site POSTs in today's browsers; this check does not rely on that. Every request that changes
 * something (POST, PUT, PATCH, DELETE), the live socket's upgrade and the two GETs that open a session
 * (`/api/session?token=`, Traccar's documented token login, and `/api/session/{id}`) pass only when:
 *
 * - it carries no Origin and no `Sec-Fetch-Site: cross-site`: not a browser, or a browser's same-site
 *   navigation (Traccar apps, devices, curl, scripts);
 * - or its Origin is the request's own origin (scheme and host, from X-Forwarded-Proto/Host when
 *   FROTA_TRUST_PROXY trusts the proxy) or FROTA_PUBLIC_URL's origin;
 * - or it carries an Authorization header: a page on another site cannot add one without a CORS
 *   preflight, which this server never grants (the refill operators' app sends its Bearer token so).
 *
 * Otherwise 403. Form bodies (application/x-www-form-urlencoded, which any page may post) are taken only
 * where a Traccar client or the web app sends them (FORM_PATHS); elsewhere 415.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

export const CROSS_SITE_REFUSED = 'Pedido de outro site recusado (cross-site request refused)';
export const FORM_REFUSED = 'Formulário não aceite neste endereço: envie JSON (form body not accepted here)';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where forms are posted: session, password and token calls (Traccar clients, the web app), shares
 *  (Traccar's share dialog) and the report pages of the original PHP client (`/report/*.php`). */
const FORM_PATHS = [
  /^\/api\/session(\/resume|\/token|\/token\/revoke)?$/,
  /^\/api\/password\/(reset|update)$/,
  /^\/api\/share\/(device|group)$/,
  /^\/report\/(?!api\.php)[\w-]+\.php$/,
];

const pathOf = (req: FastifyRequest) => req.url.split('?')[0];

/** GETs that still change the session or open a stream of the fleet. */
function guardedGet(req: FastifyRequest): boolean {
  const path = pathOf(req);
  if (path === '/api/socket') return true;
  if (/^\/api\/session\/\d+$/.test(path)) return true;
  return path === '/api/session' && (req.query as Record<string, unknown> | undefined)?.token !== undefined;
}

function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether the request may go on; `publicOrigin` is FROTA_PUBLIC_URL's origin when set. */
export function sameOrigin(req: FastifyRequest, publicOrigin: string | null): boolean {
  if (req.headers.authorization) return true;
  const header = req.headers.origin;
  if (header === undefined) return req.headers['sec-fetch-site'] !== 'cross-site';
  const origin = originOf(header);
  if (!origin) return false; // "null" (sandboxed frames, data: pages) and garbage
  if (origin === publicOrigin) return true;
  return origin === originOf(`${req.protocol}://${req.host}`);
}

export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const publicOrigin = publicUrl ? originOf(publicUrl) : null;
  app.addHook('onRequest', async (req) => {
    const unsafe = UNSAFE.has(req.method);
    if (!unsafe && !(req.method === 'GET' && guardedGet(req))) return;
    if (!sameOrigin(req, publicOrigin)) {
      // logged: a proxy that rewrites Host without FROTA_TRUST_PROXY or FROTA_PUBLIC_URL shows up here
      req.log.warn(
        { origin: req.headers.origin, site: req.headers['sec-fetch-site'], host: req.host },
        'cross-site request refused',
      );
      throw new HttpError(403, CROSS_SITE_REFUSED);
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (
      unsafe &&
      type === 'application/x-www-form-urlencoded' &&
      !FORM_PATHS.some((p) => p.test(pathOf(req)))
    )
      throw new HttpError(415, FORM_REFUSED);
  });
}
