/** Request and answer schemas of the alert central calls (validation and the OpenAPI document). */
import { z } from 'zod';
import { MAX_STATUS, STATUS_NAMES } from './eventTypes';
import { SORT_FIELDS } from './eventList';

const ids = (what: string) =>
  z
    .string()
    .regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, `comma list of ${what} ids`)
    .optional()
    .describe(`comma list of ${what} ids`);

export const MAX_PAGE = 1000;

export const eventsParams = z.object({
  from: z.string().describe('YYYY-MM-DD, first day in the user timezone'),
  to: z.string().describe('YYYY-MM-DD, last day in the user timezone (inclusive; at most 31 days)'),
});

export const eventsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE)
    .optional()
    .describe(`page size (at most ${MAX_PAGE}); when given the answer is { total, data }`),
  offset: z.coerce.number().int().min(0).default(0).describe('rows skipped'),
  status: z
    .string()
    .regex(/^\s*([0-3]\s*(,\s*[0-3]\s*)*)?$/, 'comma list of statuses 0..3')
    .optional()
    .describe('comma list of statuses: 0 Por resolver, 1 Em resolução, 2 Resolvido, 3 Ignorado'),
  type: z.string().max(2000).optional().describe('comma list of event types (alarmsos, deviceOverspeed…)'),
  group: ids('group').describe('comma list of group ids; 0 = vehicles in no group'),
  device: ids('vehicle'),
  driver: ids('driver').describe('comma list of driver ids; 0 = events with no driver'),
  search: z
    .string()
    .max(200)
    .optional()
    .describe('case-insensitive text in the vehicle name or plate, or the driver name or phone'),
  sort: z
    .string()
    .default('eventTime')
    .describe(`field to sort by: ${SORT_FIELDS.join(', ')}`),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const alertEventSchema = z.object({
  id: z.number(),
  eventTime: z.string(),
  eventType: z.string().describe('alarm + alarm name for alarms (alarmsos), else the type'),
  details: z.string(),
  groupId: z.number().nullable(),
  deviceId: z.number(),
  deviceName: z.string(),
  deviceLicensePlate: z.string().nullable(),
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  driverPhone: z.string().nullable(),
  lastStatusId: z.number().int().min(0).max(MAX_STATUS),
  lastStatusName: z.string().describe(STATUS_NAMES.map((n, i) => `${i} ${n}`).join(', ')),
  lastStatusUser: z.string().nullable(),
  lastStatusDetails: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  fixTime: z.string().nullable(),
  address: z.string().nullable(),
  speed: z.number().nullable().describe('knots'),
});

export const eventsAnswer = z.union([
  z.array(alertEventSchema).describe('without limit: every event of the period'),
  z
    .object({ total: z.number(), data: z.array(alertEventSchema) })
    .describe('with limit: the page and the count of every matching event'),
]);

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const statusBody = z.object({
  status: z.coerce.number().int().min(0).max(MAX_STATUS).describe('0..3'),
  details: z.string().max(4000).default('').describe('observations'),
});

export const historyAnswer = z.array(
  z.object({
    id: z.number(),
    status: z.number(),
    date: z.string(),
    user: z.string().nullable(),
    details: z.string(),
  }),
);

export const shareBody = z.object({
  emailTo: z.string().optional(),
  emailCc: z.string().optional(),
});

export const successAnswer = z.object({ success: z.literal(true) });

export const messageAnswer = z.string().describe('the reason, as text');
