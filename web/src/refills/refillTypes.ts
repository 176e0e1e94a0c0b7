/** The refill area's JSON shapes, as the server answers them (document 3 §3; issue 18 contract). */

import type { FuelType, Refill, RefillTotals, RefillType } from '@frota/core';

export type { FuelType, Refill, RefillTotals, RefillType };

/** The consumption fields, each with its yellow and red thresholds on the refill. */
export const CONSUMPTIONS = ['consumption_l100km', 'consumption_lkm', 'consumption_lh'] as const;
export type ConsumptionField = (typeof CONSUMPTIONS)[number];

export interface RefillCentrePage {
  total: number;
  data: Refill[];
  totals: RefillTotals;
}

export interface RefillOperator {
  id: number;
  username: string;
  name: string;
  code: string;
  phone: string;
  alert_emails: string;
  /** sent only to set or change it */
  password?: string;
}

export interface RefillStation {
  id: number;
  name: string;
  code: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  fuel_type: FuelType;
  total_capacity: number;
  /** a main station: its own and its auxiliaries' capacity; an auxiliary: its own */
  capacity: number;
  /** 0: a main station; above 0: an auxiliary of that main station */
  mainStationId: number;
}

export interface RefillDevice {
  id: number;
  deviceId: number;
  name: string;
  license_plate: string | null;
  groupId: number | null;
  group: string | null;
  model: string | null;
  /** the text its barcode and QR carry: its code, else the plate */
  code: string;
  consumption_profile: string;
  /** the profile's thresholds (null: none), copied onto each refill saved afterwards */
  l100km_yellow: number | null;
  l100km_red: number | null;
  lh_yellow: number | null;
  lh_red: number | null;
}

/** What the profile dialog saves (`PUT refill_devices/{deviceId}`): the vehicle's code is left as it is. */
export type RefillProfile = Pick<
  RefillDevice,
  'consumption_profile' | 'l100km_yellow' | 'l100km_red' | 'lh_yellow' | 'lh_red'
>;

/** The operators' Android app: its latest version and the link the QR code carries. */
export interface RefillApp {
  apk_version: string;
  apk_url: string;
}
