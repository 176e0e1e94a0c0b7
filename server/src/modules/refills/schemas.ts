/** Request and answer schemas of the refill calls (validation and the OpenAPI document). */
import { z } from 'zod';
import { MAX_PAGE, SORTS } from './centre';

const n = z.number().nullable();
const numeric = z.union([z.number(), z.string()]);
const idLike = z.union([z.number(), z.string()]).nullable();

export const refillSchema = z.object({
  id: z.number(),
  deviceId: z.number(),
  type: z.string().describe('M manual, A app'),
  cost_date: z.string().describe('YYYY-MM-DD HH:mm:ss in the user timezone'),
  costDate: z.string().describe('ISO-8601 UTC'),
  sequence: z.number().describe("position in the vehicle's refills, 1 = first"),
  deviceName: z.string(),
  deviceLicensePlate: z.string().nullable(),
  groupId: n,
  groupName: z.string().nullable().describe("the vehicle's group"),
  fuelType: z.string(),
  fuel_type: z.string().describe('diesel or gasoline'),
  litres: z.number(),
  cost: z.number(),
  costPerLitre: n.describe('cost / litres rounded to 2 decimals; null when litres is 0'),
  invoice: z.string(),
  driverid: n,
  driverId: n,
  driverName: z.string().nullable(),
  operatorId: n,
  operatorName: z.string().nullable(),
  operatorCode: z.string().nullable(),
  stationId: n,
  stationid: n,
  siteName: z.string().nullable().describe("the station's name"),
  latitude: n,
  longitude: n,
  km: n.describe('odometer, km'),
  hours: n.describe('hour meter, hours'),
  delta_km: n.describe("km since the vehicle's previous refill"),
  delta_hours: n,
  details: z.string(),
  consumption_l100km: n,
  consumption_l100km_yellow: n,
  consumption_l100km_red: n,
  consumption_lkm: n,
  consumption_lkm_yellow: n,
  consumption_lkm_red: n,
  consumption_lh: n,
  consumption_lh_yellow: n,
  consumption_lh_red: n,
});

export const refillBody = z
  .object({
    id: z.union([z.number(), z.string()]).optional().describe('with POST: edit this refill (generic form)'),
    cost_date: z.string().optional().describe('YYYY-MM-DD HH:mm:ss in the user timezone (or costDate ISO)'),
    costDate: z.union([z.string(), z.number()]).optional(),
    cost: numeric.optional().describe('required, numeric (decimal comma accepted)'),
    invoice: z.string().nullable().optional(),
    driverid: idLike.optional(),
    driverId: idLike.optional(),
    fuel_type: z.string().optional().describe('diesel (default) or gasoline'),
    litres: numeric.nullable().optional(),
    km: numeric.nullable().optional(),
    hours: numeric.nullable().optional(),
    details: z.string().nullable().optional(),
    stationid: idLike.optional(),
    stationId: idLike.optional(),
  })
  .passthrough();

export const vehicleParams = z.object({ vehicleId: z.coerce.number().int().positive() });
export const vehicleRefillParams = z.object({
  vehicleId: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});
export const deleteParams = z.object({
  deviceId: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});
export const idParams = z.object({ id: z.coerce.number().int().positive() });
export const deviceParams = z.object({ deviceId: z.coerce.number().int().positive() });

export const centreParams = z.object({
  from: z.string().describe('YYYY-MM-DD, first day in the user timezone'),
  to: z
    .string()
    .describe('YYYY-MM-DD, last day (inclusive; the period is at most 365 days, both ends counted)'),
});

const ids = (what: string) =>
  z
    .string()
    .regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, `comma list of ${what} ids`)
    .optional();

export const centreQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE)
    .optional()
    .describe('page size; when given the answer is { total, data, totals }'),
  offset: z.coerce.number().int().min(0).default(0),
  type: z.string().max(10).optional().describe('M, A or M,A'),
  device: ids('vehicle'),
  group: ids('group').describe('comma list of group ids; 0 = vehicles in no group'),
  fuel: z.string().max(100).optional().describe('comma list: diesel, gasoline'),
  driver: ids('driver').describe('comma list of driver ids; 0 = refills with no driver'),
  search: z
    .string()
    .max(200)
    .optional()
    .describe('vehicle name, plate, driver, operator or site (substring)'),
  sort: z.enum(Object.keys(SORTS) as [string, ...string[]]).default('costDate'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const totalsSchema = z.object({
  filledLitres: z.number().describe('Total Abastecido'),
  consumedLitres: z.number().describe('Total Consumido: litres of refills with a distance'),
  consumedKm: z.number(),
  consumedL100km: n,
});

export const centreAnswer = z.union([
  z.array(refillSchema).describe('without limit: every refill of the period (capped)'),
  z.object({ total: z.number(), data: z.array(refillSchema), totals: totalsSchema }),
]);

export const shareBody = z.object({ emailTo: z.string().optional(), emailCc: z.string().optional() });
export const successAnswer = z.object({ success: z.literal(true) });
export const messageAnswer = z.string().describe('the reason, as text');

export const stationSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  location: z.string(),
  latitude: n,
  longitude: n,
  fuel_type: z.string(),
  fuelType: z.string(),
  total_capacity: z.number().describe('litres'),
  capacity: z.number().describe("a main station's total_capacity plus its auxiliaries'"),
  mainStationId: z.number().describe('0 main, else the main station'),
  userId: n,
});

export const stationBody = z
  .object({
    name: z.string().optional(),
    code: z.string().optional(),
    location: z.string().nullable().optional().describe('text; "lat, lon" gives the pin'),
    fuel_type: z.string().optional(),
    total_capacity: numeric.nullable().optional(),
    mainStationId: numeric.nullable().optional().describe('0 = main (Nenhum)'),
  })
  .passthrough();

export const operatorSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  code: z.string(),
  phone: z.string(),
  alert_emails: z.string(),
  userId: n,
});

export const operatorBody = z
  .object({
    username: z.string().optional(),
    password: z.string().optional().describe('required when creating; empty keeps it'),
    name: z.string().optional(),
    code: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
    alert_emails: z.string().nullable().optional(),
  })
  .passthrough();

export const refillDeviceSchema = z.object({
  id: z.number(),
  deviceId: z.number(),
  name: z.string(),
  license_plate: z.string().nullable(),
  groupId: n,
  group: z.string().nullable(),
  model: z.string().nullable(),
  code: z.string().describe('the text of its labels'),
  consumption_profile: z.string(),
  l100km_yellow: n,
  l100km_red: n,
  lh_yellow: n,
  lh_red: n,
});

export const refillDeviceBody = z
  .object({
    code: z.string().optional(),
    consumption_profile: z.string().optional(),
    l100km_yellow: numeric.nullable().optional(),
    l100km_red: numeric.nullable().optional(),
    lh_yellow: numeric.nullable().optional(),
    lh_red: numeric.nullable().optional(),
  })
  .passthrough();

export const appVersionAnswer = z.object({ apk_version: z.string(), apk_url: z.string() });

export const barcodePdfBody = z.object({
  devices: z
    .union([z.array(z.coerce.number().int().positive()), z.string(), z.number()])
    .describe('ids (array, or a comma list from a form)'),
  itemsType: z.enum(['S', 'V']).describe('S stations, V vehicles'),
});

export const barcodeQuery = z.object({
  text: z.string().min(1).max(200),
  type: z.string().max(20).default('device').describe('device: QR code; barcode: Code-128'),
  size: z.coerce.number().int().min(64).max(2000).default(500),
});
