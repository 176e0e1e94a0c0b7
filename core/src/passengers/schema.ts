/** The passenger API's request body (server side; kept out of index.ts so the web does not bundle zod). */
import { z } from 'zod';
import { normaliseCardId, PASSENGER_MESSAGES, type PassengerInput } from './model';

const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v ?? '').trim());

/** The body of `POST /api/passengers` and `PUT /api/passengers/:id` (unknown keys dropped). */
export const passengerInput = z.object({
  id: z.number().int().positive().optional(),
  name: z.string({ error: PASSENGER_MESSAGES.name }).trim().min(1, PASSENGER_MESSAGES.name).max(128),
  cardId: z
    .union([z.string(), z.number()], { error: PASSENGER_MESSAGES.cardId })
    .transform((v) => normaliseCardId(String(v)))
    .pipe(z.string().min(1, PASSENGER_MESSAGES.cardId).max(64)),
  groupId: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((v) => (v ? v : null)),
  phone: text(64),
  notes: text(2000),
  attributes: z.record(z.string(), z.unknown()).default({}),
}) satisfies z.ZodType<PassengerInput & { id?: number }, unknown>;
