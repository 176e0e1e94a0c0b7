/**
 * The passenger entity (issue 22 item 2): GET/POST /api/passengers, GET/PUT/DELETE /api/passengers/:id, in
 * the shape of core's `Passenger`. Access in `access.ts`; a card already held by a passenger the user sees
 * is a 400 in Portuguese (one held by another client's passenger is not: cards are unique per scope).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PASSENGER_MESSAGES, passengerInput, type PassengerInput } from '@frota/core';
import type { Services } from '../../services/context';
import { badRequest } from '../../errors';
import { isUniqueViolation } from '../../services/entities';
import { assertGroupVisible, passengerScope } from './access';
import {
  assertCardFree,
  deletePassenger,
  insertPassenger,
  listPassengers,
  updatePassenger,
  visiblePassenger,
} from './rows';

const passengerAnswer = z.object({
  id: z.number(),
  name: z.string(),
  cardId: z
    .string()
    .describe('RFID card or iButton number (upper case, unique among the passengers the user sees)'),
  groupId: z.number().nullable(),
  phone: z.string(),
  notes: z.string(),
  attributes: z.record(z.string(), z.unknown()),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({ groupId: z.coerce.number().int().positive().optional() });
const message = z.string().describe('Portuguese message');
const refused = {
  400: message.describe(
    `${PASSENGER_MESSAGES.name}, ${PASSENGER_MESSAGES.cardId} or ${PASSENGER_MESSAGES.duplicateCard}`,
  ),
  403: message.describe(
    'missing passengers.passenger and passengers.vehicle, temporary or (writes) read-only user',
  ),
  404: message.describe('no such passenger (or group) among those the user sees'),
};
const tags = ['passengers'];
const bodyDescription =
  'name (required), cardId (required, unique among the passengers the user sees — another client may hold ' +
  'the same card; stored upper case), groupId (null or a group the user sees), ' +
  'phone, notes, attributes';

function parse(body: unknown): PassengerInput & { id?: number } {
  const parsed = passengerInput.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
}

async function uniqueCard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(PASSENGER_MESSAGES.duplicateCard);
    throw err;
  }
}

export function passengerEntityRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;

  app.get(
    '/api/passengers',
    {
      schema: {
        tags,
        summary: 'The passengers the user sees (permission passengers.passenger or passengers.vehicle)',
        querystring: listQuery,
        response: { 200: z.array(passengerAnswer), 403: refused[403] },
      },
    },
    async (req) => {
      const scope = await passengerScope(services, req);
      return listPassengers(db, scope, (req.query as { groupId?: number }).groupId);
    },
  );

  app.get(
    '/api/passengers/:id',
    {
      schema: {
        tags,
        summary: 'One passenger',
        params: idParams,
        response: { 200: passengerAnswer, 403: refused[403], 404: refused[404] },
      },
    },
    async (req) => {
      const scope = await passengerScope(services, req);
      return visiblePassenger(db, scope, (req.params as { id: number }).id);
    },
  );

  app.post(
    '/api/passengers',
    {
      schema: {
        tags,
        summary: 'Create a passenger (its earlier pickups, kept by card number, become its own)',
        description: bodyDescription,
        body: z.looseObject({}),
        response: { 200: passengerAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await passengerScope(services, req, true);
      const input = parse(req.body);
      await assertGroupVisible(services, scope, input.groupId);
      await assertCardFree(db, scope, input.cardId);
      const id = await uniqueCard(() => insertPassenger(db, scope, input));
      return visiblePassenger(db, { ...scope, admin: true }, id);
    },
  );

  app.put(
    '/api/passengers/:id',
    {
      schema: {
        tags,
        summary: 'Update a passenger',
        description: bodyDescription,
        params: idParams,
        body: z.looseObject({}),
        response: { 200: passengerAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await passengerScope(services, req, true);
      const { id } = req.params as { id: number };
      await visiblePassenger(db, scope, id);
      const input = parse(req.body);
      if (input.id !== undefined && input.id !== id)
        throw badRequest('id in body does not match the address');
      await assertGroupVisible(services, scope, input.groupId);
      await assertCardFree(db, scope, input.cardId, id);
      await uniqueCard(() => updatePassenger(db, id, input));
      return visiblePassenger(db, { ...scope, admin: true }, id);
    },
  );

  app.delete(
    '/api/passengers/:id',
    {
      schema: {
        tags,
        summary: 'Delete a passenger (its pickups stay, shown by card number)',
        params: idParams,
        response: { 204: z.null().describe('deleted'), 403: refused[403], 404: refused[404] },
      },
    },
    async (req, reply) => {
      const scope = await passengerScope(services, req, true);
      const { id } = req.params as { id: number };
      await visiblePassenger(db, scope, id);
      await deletePassenger(db, id);
      return reply.code(204).send();
    },
  );
}
