/** A refill as the API answers it (document 3 §3 field names, both spellings the client reads). */
import type { FuelType, RefillType } from './constants';

export interface Refill {
  id: number;
  deviceId: number;
  type: RefillType;
  /** 'YYYY-MM-DD HH:mm:ss' in the user's timezone */
  cost_date: string;
  /** ISO-8601 UTC */
  costDate: string;
  sequence: number;
  deviceName: string;
  deviceLicensePlate: string | null;
  groupId: number | null;
  /** the name of the vehicle's group */
  groupName: string | null;
  fuelType: FuelType;
  fuel_type: FuelType;
  litres: number;
  cost: number;
  costPerLitre: number | null;
  invoice: string;
  driverid: number | null;
  driverId: number | null;
  driverName: string | null;
  operatorId: number | null;
  operatorName: string | null;
  operatorCode: string | null;
  stationId: number | null;
  stationid: number | null;
  siteName: string | null;
  latitude: number | null;
  longitude: number | null;
  km: number | null;
  hours: number | null;
  delta_km: number | null;
  delta_hours: number | null;
  details: string;
  consumption_l100km: number | null;
  consumption_l100km_yellow: number | null;
  consumption_l100km_red: number | null;
  consumption_lkm: number | null;
  consumption_lkm_yellow: number | null;
  consumption_lkm_red: number | null;
  consumption_lh: number | null;
  consumption_lh_yellow: number | null;
  consumption_lh_red: number | null;
}
