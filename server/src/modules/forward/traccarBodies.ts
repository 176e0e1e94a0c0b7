/**
 * The JSON a Traccar server posts with `forward.type=json` (`PositionData`: {position, device}) and with
 * `event.forward.url` (`EventData`: {event, position, device, geofence, maintenance}), as Jackson writes
 * Traccar's models: dates as ISO-8601 text, speed in knots, course in degrees, unset objects null or absent.
 * Only what Frota reads is required; every other field is accepted and ignored. Also the answers' shapes.
 */
import { z } from 'zod';

const time = z
  .union([
    z.string().refine((v) => Number.isFinite(Date.parse(v)), 'an ISO-8601 date-time'),
    z.number().finite().describe('epoch milliseconds'),
  ])
  .describe('ISO-8601 date-time (Traccar writes 2026-01-15T10:00:00.000+00:00)');

const attributes = z.record(z.string(), z.unknown());

export const traccarPosition = z.looseObject({
  protocol: z.string().nullish().describe("the tracker's protocol in Traccar (kept as traccarProtocol)"),
  fixTime: time,
  deviceTime: time.nullish().describe('default: fixTime'),
  valid: z.boolean().default(true),
  latitude: z.number().finite(),
  longitude: z.number().finite(),
  altitude: z.number().finite().default(0),
  speed: z.number().finite().min(0).default(0).describe('knots'),
  course: z.number().finite().default(0).describe('degrees'),
  accuracy: z.number().finite().nullish().describe('metres'),
  attributes: attributes.nullish().describe('mapped by attributeMap.ts'),
});

export const traccarDevice = z.looseObject({
  uniqueId: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .describe("the tracker's identifier: matched to a Frota vehicle"),
  name: z.string().nullish(),
});

export const traccarEvent = z.looseObject({
  type: z.string().min(1).max(64).describe('Traccar event type: alarm, ignitionOn, geofenceEnter…'),
  eventTime: time.nullish(),
  attributes: attributes.nullish().describe('for alarm: { alarm: "sos" }'),
});

export const positionForward = z.looseObject({ position: traccarPosition, device: traccarDevice });

export const eventForward = z.looseObject({
  event: traccarEvent,
  position: traccarPosition.nullish().describe('absent for events with no position (deviceOnline…)'),
  device: traccarDevice,
  geofence: z.unknown().optional().describe("Traccar's zone: ignored, Frota's own zones decide"),
  maintenance: z.unknown().optional().describe('ignored'),
});

export type TraccarPosition = z.infer<typeof traccarPosition>;
export type TraccarEvent = z.infer<typeof traccarEvent>;
export type PositionForward = z.infer<typeof positionForward>;
export type EventForward = z.infer<typeof eventForward>;

export const forwardAnswer = z.object({
  result: z
    .enum(['stored', 'duplicate', 'ignored'])
    .describe(
      'stored: committed through the pipeline; duplicate: already stored (a retry), nothing new; ' +
        'ignored: an event with no position, nothing to store',
    ),
  reason: z.string().optional(),
});

export type ForwardAnswer = z.infer<typeof forwardAnswer>;

export const messageAnswer = z.string().describe('the reason, as text');
