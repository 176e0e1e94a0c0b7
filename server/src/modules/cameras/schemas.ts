/** Request and answer schemas of the camera calls (validation and the OpenAPI document). */
import { z } from 'zod';
import { DEFAULT_CAMERA } from './cameraRequest';

/** null and '' as absent: forms send empty fields. */
const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), schema.optional());

const positiveId = z.coerce.number().int().positive();
const CAMERA_CHOICES = 'camera must be 1 (road), 2 (driver) or 3 (both)';

export const deviceParams = z.object({ deviceId: positiveId.describe('vehicle (device) id') });

export const rangeParams = z.object({
  deviceId: positiveId.describe('vehicle (device) id'),
  from: z.string().describe('first day, YYYY-MM-DD, in the user timezone'),
  to: z.string().describe('last day (included), YYYY-MM-DD'),
});

export const mediaParams = z.object({ id: positiveId.describe('media id') });

export const mediaNameParams = z.object({
  id: positiveId.describe('media id'),
  name: z.string().describe('vehicle name: the download is named after it'),
});

export const mediaQuerystring = z.object({
  download: z.string().optional().describe('1: answer as an attachment'),
  inline: z.string().optional().describe('1: answer inline even on the vehicle-name form'),
});

export const deleteBody = blankless(
  z.object({ id: blankless(positiveId).describe('media id (or ?id=)') }).loose(),
);
export const deleteQuery = z.object({ id: blankless(positiveId).describe('media id (or in the body)') });

export const cameraBody = z.object({
  deviceId: positiveId.describe('vehicle (device) id'),
  type: z.enum(['photo', 'video']).describe('photo or video'),
  camera: blankless(
    z.coerce
      .number({ error: CAMERA_CHOICES })
      .int(CAMERA_CHOICES)
      .min(1, CAMERA_CHOICES)
      .max(3, CAMERA_CHOICES),
  ).describe(`1 road, 2 driver, 3 both (default ${DEFAULT_CAMERA})`),
  videoDateTime: blankless(z.coerce.number().positive().finite()).describe(
    'start of the clip, epoch seconds (milliseconds accepted); required for a video',
  ),
  videoDuration: blankless(z.coerce.number().finite()).describe('seconds, clamped to 5..10 (default 10)'),
});

export const messageAnswer = z.string().describe('error message (text/plain)');

const nullableNumber = z.number().nullable();

export const mediaSchema = z.object({
  id: z.number(),
  deviceId: z.number(),
  type: z.string().describe('P photo, V video'),
  camera: z.string().describe('F road (front), R driver (rear)'),
  camera_date: z.string().describe('capture time, YYYY-MM-DD HH:mm:ss in the user timezone'),
  cameraDate: z.string().describe('capture time, ISO-8601 UTC'),
  trigger: z.string().describe('trigger label name (translated as camera_ + trigger); server = requested'),
  trigger_mask: z.number().describe("trigger bitmask from the camera's metadata"),
  latitude: nullableNumber,
  longitude: nullableNumber,
  address: z.string().nullable(),
  status: z.string().describe('ready, processing (video being converted) or failed'),
  mime: z.string(),
  size: z.number().describe('bytes'),
  duration: nullableNumber.describe('seconds (videos)'),
  fileName: z.string(),
  url: z.string().describe('the bytes, inline'),
  download: z.string().describe('the bytes as a download named after the vehicle'),
});

export const cameraVehicleSchema = z.object({
  id: z.number(),
  deviceId: z.number(),
  name: z.string(),
  license_plate: z.string().nullable(),
  groupId: nullableNumber,
  media_front: mediaSchema.nullable().describe('latest road (F) media'),
  media_rear: mediaSchema.nullable().describe('latest driver (R) media'),
  io497: nullableNumber.describe('camera / SD card state IO of the latest position'),
  io498: nullableNumber.describe('camera / SD card state IO of the latest position'),
});

export const commandAnswer = z.object({
  state: z.enum(['answered', 'sent', 'queued']),
  result: z.string().optional().describe("the tracker's answer (answered)"),
  message: z.string().describe('Comando enviado com sucesso'),
  command: z.string().describe('the camreq text sent'),
});

export const deleteAnswer = z.object({ success: z.literal(true), id: z.number() });

export const mediaStatusAnswer = z.object({
  status: z.enum(['processing', 'failed']),
  message: z.string(),
});
