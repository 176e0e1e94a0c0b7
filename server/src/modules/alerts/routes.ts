/**
 * The alert central's calls (document 2 §2.8, §7; permission module.events): the events of a period,
 * the status workflow of one event and sharing it by e-mail. Only events of vehicles the user sees.
 */
import type { FastifyInstance } from 'fastify';
import { isValidEmail } from '@frota/core';
import type { Services } from '../../services/context';
import { assertCanWrite, assertPermission, requireScope } from '../../auth/guard';
import type { Scope } from '../../auth/policy';
import { PrivacyFilter } from '../../auth/privacy';
import { badRequest, HttpError } from '../../errors';
import { EVENTS_PERMISSION } from './eventTypes';
import { visibleEvent } from './eventAccess';
import { broadcastStatus, changeStatus, statusHistory } from './eventStatus';
import { searchEvents, type EventsQuery } from './eventSearch';
import { describeEvents } from './eventRows';
import { loadFleet } from './fleet';
import { INVALID_CC, INVALID_TO, renderShareMail } from './shareMail';
import { MAIL_LIMITED } from '../../auth/mailBudget';
import {
  eventsAnswer,
  eventsParams,
  eventsQuery,
  historyAnswer,
  idParams,
  messageAnswer,
  shareBody,
  statusBody,
  successAnswer,
} from './schemas';
import { PERIOD_TOO_LONG } from './period';
import { assertMailConfigured, MAIL_NOT_CONFIGURED } from '../../services/mailer';

const BASE = '/report/api.php';

async function eventsScope(services: Services, req: Parameters<typeof requireScope>[1]): Promise<Scope> {
  const scope = await requireScope(services, req);
  assertPermission(scope, EVENTS_PERMISSION);
  return scope;
}

export function alertsRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['alert central'];
  const refused = {
    400: messageAnswer,
    403: messageAnswer.describe('missing permission module.events, or a read-only user writing'),
    404: messageAnswer.describe('no such event among the vehicles the user sees'),
  };

  app.get(
    `${BASE}/events/:from/:to`,
    {
      schema: {
        tags,
        summary: 'Events of the alert central (permission module.events)',
        description:
          'Events of the alert types of the vehicles the user sees, newest first, the days cut in the ' +
          `user timezone (both included, at most 31 days: 400 "${PERIOD_TOO_LONG}"). With limit the ` +
          'answer is one page with the total count, and the filters apply.',
        params: eventsParams,
        querystring: eventsQuery,
        response: { 200: eventsAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await eventsScope(services, req);
      const { from, to } = req.params as { from: string; to: string };
      return searchEvents(db, scope, from, to, req.query as EventsQuery);
    },
  );

  app.get(
    `${BASE}/event_details/:id`,
    {
      schema: {
        tags,
        summary: "An event's status history, newest first (permission module.events)",
        params: idParams,
        response: { 200: historyAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await eventsScope(services, req);
      const event = await visibleEvent(db, scope, (req.params as { id: number }).id);
      return statusHistory(db, event.id);
    },
  );

  app.post(
    `${BASE}/event/:id`,
    {
      schema: {
        tags,
        summary: "Change an event's status (permission module.events; not for read-only users)",
        description:
          'Stores the change in the history (user, time, status, observations), makes it the last status ' +
          'and sends { eventStatuses: [...] } on the socket to every user who sees the vehicle.',
        params: idParams,
        body: statusBody,
        response: { 200: successAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await eventsScope(services, req);
      assertCanWrite(scope, EVENTS_PERMISSION);
      const event = await visibleEvent(db, scope, (req.params as { id: number }).id);
      const { status, details } = req.body as { status: number; details: string };
      const change = await changeStatus(db, scope, event, status, details.trim());
      broadcastStatus(services.live, change);
      return { success: true as const };
    },
  );

  app.post(
    `${BASE}/share_event/:id`,
    {
      schema: {
        tags,
        summary: 'Send an event by e-mail (permission module.events)',
        description:
          `emailTo must be a valid address (400 "${INVALID_TO}"), emailCc empty or valid ` +
          `(400 "${INVALID_CC}"). The mail holds the event's facts as stored (its status too), the address ` +
          `and a map link. Read-only users are refused (403); 20 shares per user and per recipient an hour ` +
          `(429 "${MAIL_LIMITED}"). 503 "${MAIL_NOT_CONFIGURED}" when the server has no mail server ` +
          `(FROTA_SMTP_URL), or when the mail could not be sent.`,
        params: idParams,
        body: shareBody,
        response: { 200: successAnswer, ...refused, 429: messageAnswer, 503: messageAnswer },
      },
    },
    async (req) => {
      const scope = await eventsScope(services, req);
      // Sending mail in the platform's name is a change: read-only users cannot (issue 33, point 6).
      assertCanWrite(scope);
      const { emailTo, emailCc } = req.body as { emailTo?: string; emailCc?: string };
      const to = emailTo?.trim() ?? '';
      const cc = emailCc?.trim() ?? '';
      if (!isValidEmail(to) || to.length > 254) throw badRequest(INVALID_TO);
      if (cc && (!isValidEmail(cc) || cc.length > 254)) throw badRequest(INVALID_CC);
      const event = await visibleEvent(db, scope, (req.params as { id: number }).id);
      assertMailConfigured(services.mailer);
      await services.mailBudget.share(scope.user.id, cc ? [to, cc] : [to]);
      const fleet = await loadFleet(db, scope);
      const privacy = await PrivacyFilter.for(db, scope.user, [event.deviceId]);
      const [described] = await describeEvents(db, [event], fleet, privacy);
      const mail = renderShareMail(described, scope.user.attributes);
      try {
        await services.mailer.send({ to, ...(cc ? { cc } : {}), ...mail });
      } catch (err) {
        req.log.error({ err: (err as Error).message }, 'share event mail failed');
        throw new HttpError(503, 'Mail could not be sent');
      }
      return { success: true as const };
    },
  );
}
