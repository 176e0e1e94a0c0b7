/** Answer schemas of the management calls (the OpenAPI document; bodies are checked by core's validators). */
import { z } from 'zod';
import { COST_TYPES, DOCUMENT_TYPES, FILE_TYPES } from '@frota/core';

const day = z.string().describe('YYYY-MM-DD');
const flag = z.union([z.literal(0), z.literal(1)]);
const expiry = {
  expiry_days: z
    .number()
    .nullable()
    .describe('expiry_date - today in the user timezone; null without warning'),
  expiry_state: z
    .enum(['expired', 'soon', 'ok'])
    .nullable()
    .describe('expired below 0 days, soon under 30 days, else ok'),
};

export const maintenanceAnswer = z.object({
  id: z.number(),
  deviceId: z.number().nullable(),
  date_start: day,
  date_end: day.nullable(),
  complete: flag,
  description: z.string(),
  km: z.number().nullable(),
  periodicity_km: z.number().nullable(),
  hours: z.number().nullable(),
  periodicity_hours: z.number().nullable(),
  location: z.string().describe('workshop'),
  cost: z.number().nullable(),
  invoice: z.string(),
  days_in_maintenance: z.number().describe('open: today - date_start; complete: date_end - date_start'),
});

export const costAnswer = z.object({
  id: z.number(),
  deviceId: z.number(),
  cost_date: day,
  cost_type: z.string().describe(COST_TYPES.join(', ')),
  entity: z.string(),
  designation: z.string().describe("the form's description"),
  invoice: z.string(),
  cost: z.number().describe("amount in the client's currency"),
  warning: flag,
  expiry_date: day.nullable(),
  ...expiry,
});

export const documentAnswer = z.object({
  id: z.number(),
  deviceId: z.number(),
  creationdate: z.string().describe('ISO-8601 UTC'),
  date_start: day,
  document_type: z.string().describe(DOCUMENT_TYPES.join(', ')),
  designation: z.string(),
  file_type: z.string().describe(FILE_TYPES.join(', ')),
  file_name: z.string(),
  file_size: z.number().describe('bytes'),
  warning: flag,
  expiry_date: day.nullable(),
  license_plate: z.string().nullable(),
  ...expiry,
});

const n = z.number().nullable();
const s = z.string().nullable();
export const summaryAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      license_plate: s,
      group: s,
      groupId: n,
      total_distance: n.describe('km'),
      total_hours: n.describe('hours'),
      maintenance_type: z.enum(['automatic', 'manual']),
      maintenance_periodicity: n.describe('km, automatic mode'),
      maintenance_km_next: n,
      maintenance_km_left: n,
      maintenance_hours_next: n,
      maintenance_hours_left: n,
      maintenance_km_days_in_maintenance: n.describe('km recorded on the entry in progress'),
      maintenance_days_in_maintenance: n.describe('days the entry in progress has lasted'),
      maintenance_in_progress: flag,
      cost_next: s,
      cost_next_type: s,
      cost_next_description: s,
      cost_days_left: n,
      document_next: s,
      document_next_type: s,
      document_next_description: s,
      document_days_left: n,
      state: z.enum(['progress', 'overdue', 'soon', 'ok']),
    }),
  ),
});

export const vehicleParams = z.object({ vehicleId: z.coerce.number().int().positive() });
export const itemParams = vehicleParams.extend({ id: z.coerce.number().int().positive() });
export const messageAnswer = z.string().describe('the reason, as text');
