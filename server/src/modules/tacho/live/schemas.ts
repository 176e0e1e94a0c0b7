/** Request and answer schemas of GET /report/api.php/tacho_drivers (validation and the OpenAPI document). */
import { z } from 'zod';

export const driversQuery = z.object({
  search: z
    .string()
    .max(100, 'search: at most 100 characters')
    .optional()
    .describe('case-insensitive part of the driver name, surname, plate or vehicle name'),
  uniqueid: z
    .string()
    .regex(/^[A-Za-z0-9 -]{1,32}$/, 'uniqueid: a card number (letters, digits, spaces, -; 1 to 32)')
    .optional()
    .describe('one driver card number'),
});

export const driverSchema = z.object({
  uniqueid: z.string().describe('the driver card number'),
  name: z.string().describe('first names as the card holds them; empty when unknown'),
  surname: z.string(),
  deviceId: z.number().nullable().describe('the last vehicle; null once it was deleted'),
  deviceName: z.string().nullable().describe('name of the last vehicle'),
  license_plate: z
    .string()
    .nullable()
    .describe("the last vehicle's registration: from the tachograph (VRN), else its license_plate setting"),
  last_seen: z.string().describe('ISO-8601 UTC of the newest record that carried the card'),
  working_state: z
    .number()
    .int()
    .min(0)
    .max(7)
    .nullable()
    .describe(
      '0 rest, 1 available, 2 work, 3 driving, 6 error, 7 unavailable (document 3 §4); 4 and 5 as the ' +
        'tracker reported them, shown blank; null when unknown',
    ),
  card_present: z.boolean().nullable().describe('the card was in the tachograph at the last record'),
  slot: z.number().describe('tachograph slot of the card: 1 driver, 2 co-driver'),
  counters: z
    .string()
    .describe(
      'JSON text of the six counters in seconds (null when unknown): Driver1RemainingTimeUntilNextBreakOrRest, ' +
        'Driver1DurationOfNextBreakRest, Driver1TimeLeftUntilNewDailyRestPeriod, ' +
        'Driver1TimeLeftUntilNewWeeklyRestPeriod, Driver1MinimumDailyRest, Driver1MinimumWeeklyRest',
    ),
  counters_source: z
    .enum(['tracker', 'computed', 'mixed'])
    .describe(
      'tracker: all six as the tracker sent them; computed: from the activity history (live states and ' +
        'card files) with the EU 561/2006 rules, as of the request; mixed: the tracker sent some',
    ),
});

export type TachoDriverJson = z.infer<typeof driverSchema>;

export const messageAnswer = z.string().describe('the reason, as text');
