/** Answer schemas of /report/api.php/maintenance_notification (the OpenAPI document; bodies are checked by core). */
import { z } from 'zod';
import { NOTIFICATION_DEFAULTS as D, NOTIFICATION_FALLBACKS as F } from '@frota/core';

export const notificationAnswer = z.object({
  id: z.number(),
  emails: z.string().describe('recipients, comma-separated'),
  all_devices: z.boolean().describe('every vehicle the owner sees (else device_ids)'),
  device_ids: z.string().describe('comma-separated vehicle ids; empty with all_devices'),
  maintenance: z.boolean(),
  maintenance_km: z.number().describe(`advance in km (new ${D.maintenance_km}, empty ${F.maintenance_km})`),
  maintenance_hours: z
    .number()
    .describe(`advance in hours (new ${D.maintenance_hours}, empty ${F.maintenance_hours})`),
  cost: z.boolean(),
  cost_days: z.number().describe(`advance in days (new ${D.cost_days}, empty ${F.cost_days})`),
  document: z.boolean(),
  document_days: z.number().describe(`advance in days (new ${D.document_days}, empty ${F.document_days})`),
  communication: z.boolean(),
  communication_hours: z
    .number()
    .describe(`hours without communication (new ${D.communication_hours}, empty ${F.communication_hours})`),
});

export const idParams = z.object({ id: z.coerce.number().int().positive() });
export const messageAnswer = z.string().describe('the reason, as text');

export const BODY_DESCRIPTION =
  'JSON { id? (POST: update that one), emails (any separators: newline, space, comma, semicolon), ' +
  'all_devices, device_ids ("3,5" or [3,5]; vehicles the user sees), maintenance, maintenance_km, ' +
  'maintenance_hours, cost, cost_days, document, document_days, communication, communication_hours }. Flags ' +
  'accept true/false, 0/1, "on"; numbers accept a decimal comma; an empty advance falls back to 1000 km, ' +
  "250 h, 30 days, 24 h. A field left out keeps the stored value (update) or takes the new form's (create: " +
  'every kind on, 5000 km, 250 h, 30 days, 30 days, 24 h, all vehicles). 400 messages (document 3 §5): Deve indicar os emails para notificação, Email ' +
  'inválido, Km/horas inválidos, Dias inválidos, Horas inválidas.';
