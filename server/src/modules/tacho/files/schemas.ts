/** Request and answer schemas of the tachograph file calls (validation and the OpenAPI document). */
import { z } from 'zod';
import { PERIODICITIES } from './periodicity';

export const messageAnswer = z.string().describe('the reason, as text');

export const MAX_ZIP_FILES = 1000;

export const tachoFileSchema = z.object({
  id: z.number(),
  filename: z.string().describe('the name the file arrived with, or the conventional DDD name'),
  name: z.string().describe('entity: the driver (first names and surname) or the vehicle (VRN, else VIN)'),
  file_type: z.enum(['D', 'V']).describe('D driver card, V vehicle unit'),
  download_date: z.string().describe('ISO-8601 UTC; the upload time when the file gives none'),
  data_from: z.string().nullable().describe('first activity day, YYYY-MM-DD (UTC)'),
  data_to: z.string().nullable().describe('last activity day, YYYY-MM-DD (UTC)'),
  days: z.number().describe('days with an activity record'),
  file_size: z.number().describe('bytes'),
  periodicity: z.enum(PERIODICITIES).describe("the entity's download schedule (Never when unset)"),
  custom_days: z.number().nullable().describe('days between downloads when Custom'),
  entity_id: z.string().describe('card number (D), VIN else VRN (V), as compared: upper case'),
  entity_key: z.string().describe('D:<card number> or V:<VIN or VRN>: what schedules and staleness are per'),
  card_number: z.string().nullable(),
  license_plate: z.string().nullable().describe('the VRN of a vehicle unit file'),
  vin: z.string().nullable(),
  deviceId: z.number().nullable().describe('the vehicle the file is linked to'),
  driverId: z.number().nullable().describe('the driver the file is linked to'),
  generation: z.number().describe('1 or 2'),
  last_download: z.string().describe("ISO-8601: the newest download of the entity's files"),
  stale: z
    .boolean()
    .describe('the newest file of the entity is older than 28 days (card) or 90 days (vehicle)'),
  stale_days: z.number().describe('whole days since last_download'),
});

export const listQuery = z.object({
  search: z
    .string()
    .max(100)
    .optional()
    .describe('case and accent insensitive: entity name, VRN, VIN, card number or file name'),
});

export const uploadQuery = z.object({
  filename: z.string().max(255).optional().describe('the file name, for a raw application/octet-stream body'),
});

export const uploadAnswer = z.object({
  files: z.array(tachoFileSchema).describe('stored (or already stored: the same bytes) files'),
  refused: z
    .array(z.object({ filename: z.string(), message: z.string() }))
    .describe('files that were not stored, with the reason'),
});

export const zipBody = z.object({
  fileIds: z
    .array(z.coerce.number().int().positive())
    .min(1, 'Seleccione os ficheiros')
    .max(MAX_ZIP_FILES)
    .describe('ids of the files to download'),
});

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const scheduleAnswer = z.object({
  entity_key: z.string(),
  periodicity: z.enum(PERIODICITIES),
  custom_days: z.number().nullable(),
});
