/**
 * POST /api/forward/traccar/positions and /api/forward/traccar/events: a Traccar server in front of Frota
 * (issue 37, point 1). The token is checked before the body is read; the answer is 200 only after the
 * commit, and an error is a 5xx, so Traccar's `forward.retry.enable` sends the position again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services/context';
import { notFound, unauthorized } from '../../errors';
import { applyEventHints } from './eventHints';
import { receiverOf, UNKNOWN_DEVICE } from './receiver';
import { toDecoded } from './toDecoded';
import {
  eventForward,
  forwardAnswer,
  messageAnswer,
  positionForward,
  type EventForward,
  type ForwardAnswer,
  type PositionForward,
} from './traccarBodies';

/** A position with its device and a few hundred attributes is a few kilobytes; Traccar sends one a call. */
export const FORWARD_BODY_LIMIT = 256 * 1024;

const BASE = '/api/forward/traccar';

const answers = {
  200: forwardAnswer,
  400: messageAnswer.describe('not JSON, or a required field missing or of the wrong type: nothing stored'),
  401: messageAnswer.describe('no Authorization: Bearer header, or the wrong token'),
  404: messageAnswer.describe(`FROTA_FORWARD_TOKEN is not set (the receiver is off), or ${UNKNOWN_DEVICE}`),
  413: messageAnswer.describe(`body over ${FORWARD_BODY_LIMIT} bytes`),
  500: messageAnswer.describe('not stored (database error): Traccar retries'),
};

const AUTH =
  'Authorised by the Bearer token FROTA_FORWARD_TOKEN (Traccar: forward.header / event.forward.header ' +
  '"Authorization: Bearer <token>"); without that setting the route answers 404.';

export function forwardRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['traccar forward'];

  /** Before the body is parsed: the receiver is on and the caller holds the token. */
  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    const receiver = receiverOf(services);
    if (!receiver?.enabled) throw notFound();
    if (!receiver.authorised(req.headers.authorization)) {
      void reply.header('www-authenticate', 'Bearer');
      throw unauthorized('Unauthorized');
    }
  };

  app.post(
    `${BASE}/positions`,
    {
      bodyLimit: FORWARD_BODY_LIMIT,
      onRequest: guard,
      schema: {
        tags,
        summary: 'A position forwarded by Traccar (forward.type=json: { position, device })',
        description:
          `${AUTH} The vehicle is matched by device.uniqueId; the position goes through the pipeline as a ` +
          "native record (protocol 'traccar': events, zones, notifications, live map, trips) and the answer " +
          'comes after the commit. A position of the vehicle at the same fixTime already stored (a retry) ' +
          'answers "duplicate" and stores nothing.',
        body: positionForward,
        response: answers,
      },
    },
    async (req): Promise<ForwardAnswer> => {
      const receiver = receiverOf(services)!;
      const body = req.body as PositionForward;
      const ingest = await receiver.accept(body.device.uniqueId);
      receiver.stats.positions++;
      return { result: await receiver.store(ingest, toDecoded(body.position, body.device.uniqueId)) };
    },
  );

  app.post(
    `${BASE}/events`,
    {
      bodyLimit: FORWARD_BODY_LIMIT,
      onRequest: guard,
      schema: {
        tags,
        summary: 'An event forwarded by Traccar (event.forward.url: { event, position, device, … })',
        description:
          `${AUTH} Frota raises its own events from positions, as for a native record: the event's position ` +
          'is stored once (the duplicate rule of the positions call), the alarm name of an alarm event and the ' +
          'ignition of ignitionOn/ignitionOff joining its attributes when missing, so the same Frota event is ' +
          "raised once whichever of the two forwards comes first. Zones are Frota's own. An event with no " +
          'position (deviceOnline, deviceOffline…, which Frota computes itself) answers "ignored".',
        body: eventForward,
        response: answers,
      },
    },
    async (req): Promise<ForwardAnswer> => {
      const receiver = receiverOf(services)!;
      const body = req.body as EventForward;
      const ingest = await receiver.accept(body.device.uniqueId);
      receiver.stats.events++;
      if (!body.position) {
        receiver.ignored();
        return { result: 'ignored', reason: `a ${body.event.type} event with no position` };
      }
      const decoded = toDecoded(body.position, body.device.uniqueId);
      applyEventHints(body.event, decoded.attributes);
      return { result: await receiver.store(ingest, decoded) };
    },
  );
}
