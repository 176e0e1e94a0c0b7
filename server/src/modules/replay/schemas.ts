/** Answer shapes of the replay routes for the OpenAPI document (answers are written as JSON text). */
import { z } from 'zod';

const EVENTS = ['start', 'stop', 'idle', 'fuel', 'speeding', 'pto'] as const;
const event = z.enum(EVENTS).nullable().describe('the marker on this position, or null');

export const replayTripSchema = z.object({
  trip_start_fixtime: z.string().describe('ISO-8601 UTC'),
  trip_end_fixtime: z.string().describe('ISO-8601 UTC'),
  trip_start_address: z.string().nullable().describe('null when private for this user'),
  trip_end_address: z.string().nullable(),
  trip_max_speed: z.number().describe('knots'),
  trip_duration: z.number().describe('seconds'),
  trip_distance: z.number().describe('metres'),
  trip_driver_uniqueid: z.string().nullable(),
  trip_ptos: z.number().describe('power take-off activations begun during the trip'),
  trip_refills: z.number().describe('refills dated during the trip'),
  trip_privacy: z.union([z.literal(0), z.literal(1)]).describe('1 when a position of the trip is private'),
  start_index: z.number().describe('index of the first position of the trip in positions'),
  end_index: z.number().describe('index of the last position of the trip in positions'),
});

export const replayDeviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  licensePlate: z.string().nullable(),
  fuelCapacity: z.number().nullable().describe('litres (kW for electric vehicles) or null'),
  fuelType: z.number().nullable().describe('1 = electric'),
});

const objectsSchema = z.object({
  positions: z.array(
    z.object({
      id: z.number(),
      deviceId: z.number(),
      latitude: z.number().nullable().describe('null when private for this user'),
      longitude: z.number().nullable(),
      course: z.number(),
      speed: z.number().nullable().describe('knots; null when private for this user'),
      fixTime: z.string(),
      address: z.string().nullable(),
      valid: z.boolean(),
      distance: z
        .number()
        .nullable()
        .describe('metres from the previous position; null when either is private'),
      event,
      speedLimit: z.number().nullable().describe('km/h: the lowest limit that applies (vehicle, road, zone)'),
      privacy: z.union([z.literal(0), z.literal(1)]),
      attributes: z.record(z.string(), z.unknown()),
    }),
  ),
  trips: z.array(replayTripSchema),
  device: replayDeviceSchema,
});

const nullableNumbers = z.array(z.number().nullable());
const seriesSchema = z
  .record(z.string(), nullableNumbers)
  .describe('every numeric attribute of the period (fuel in % of the tank)');
const seriesOnlySchema = z.object({
  id: z.array(z.number()).describe('the id of the position of each entry'),
  series: seriesSchema,
});
const columnsSchema = z.object({
  positions: z
    .object({
      id: z.array(z.number()),
      fixTime: z.array(z.number()).describe('epoch milliseconds'),
      latitude: nullableNumbers.describe('null when private for this user'),
      longitude: nullableNumbers,
      speed: nullableNumbers.describe('knots; null when private for this user'),
      course: z.array(z.number()),
      distance: nullableNumbers.describe('metres from the previous position; null when either is private'),
      event: z.array(event),
      speedLimit: nullableNumbers.describe('km/h'),
      privacy: z.array(z.union([z.literal(0), z.literal(1)])),
      series: seriesSchema.optional().describe('absent with format "route"'),
    })
    .describe('every array has one entry per position, in time order'),
  trips: z.array(replayTripSchema),
  device: replayDeviceSchema,
});

export const replayAnswerSchema = z
  .union([objectsSchema, columnsSchema, seriesOnlySchema])
  .describe('position objects, columns with format "columns" or "route", the series with format "series"');

export const mapillaryQuerySchema = z.looseObject({
  lat: z.coerce.number().min(-90).max(90).describe('latitude of the position'),
  lon: z.coerce.number().min(-180).max(180).describe('longitude of the position'),
  heading: z.coerce.number().optional().describe('accepted and ignored'),
  userId: z.unknown().optional().describe('accepted and ignored (the session says who asks)'),
  deviceId: z.coerce.number().int().positive().optional().describe('the vehicle (checked for access)'),
  positinId: z.unknown().optional().describe('accepted and ignored'),
});

export const mapillaryAnswerSchema = z.array(
  z.object({
    id: z.string(),
    thumb_256_url: z.string(),
    distance: z.number().describe('metres from lat/lon'),
  }),
);
