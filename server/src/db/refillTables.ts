/** Table types of the refills migration (010_refills). */
import type { Generated } from 'kysely';

/** A fuel station: main (mainStationId 0) or auxiliary of a main one; owned by a user (its client). */
export interface RefillStationsTable {
  id: Generated<number>;
  userId: number | null;
  name: string;
  code: string;
  location: string;
  fuelType: string;
  /** litres */
  totalCapacity: number;
  mainStationId: number;
}

/** A refill operator (phone app); password hashed with the users' scrypt. */
export interface RefillOperatorsTable {
  id: Generated<number>;
  userId: number | null;
  username: string;
  hashedPassword: string;
  salt: string;
  name: string;
  code: string;
  phone: string;
  /** comma list */
  alertEmails: string;
}

/** An operator app token (sha-256 of it), valid until expiresAt. */
export interface RefillOperatorSessionsTable {
  id: string;
  operatorId: number;
  createdAt: number;
  expiresAt: number;
}

/** A vehicle flagged for refills, with its barcode code and consumption profile. */
export interface RefillDevicesTable {
  deviceId: number;
  code: string;
  consumptionProfile: string;
  l100kmYellow: number | null;
  l100kmRed: number | null;
  lhYellow: number | null;
  lhRed: number | null;
}

export interface RefillsTable {
  id: Generated<number>;
  deviceId: number;
  /** M manual, A app */
  type: string;
  costDate: number;
  sequence: number;
  fuelType: string;
  litres: number;
  cost: number;
  invoice: string;
  driverId: number | null;
  operatorId: number | null;
  operatorName: string | null;
  operatorCode: string | null;
  stationId: number | null;
  siteName: string | null;
  latitude: number | null;
  longitude: number | null;
  /** km */
  km: number | null;
  /** hours */
  hours: number | null;
  details: string;
  deltaKm: number | null;
  deltaHours: number | null;
  consumptionL100km: number | null;
  consumptionLkm: number | null;
  consumptionLh: number | null;
  consumptionL100kmYellow: number | null;
  consumptionL100kmRed: number | null;
  consumptionLkmYellow: number | null;
  consumptionLkmRed: number | null;
  consumptionLhYellow: number | null;
  consumptionLhRed: number | null;
  userId: number | null;
  createdAt: number;
}

export interface RefillTables {
  refillStations: RefillStationsTable;
  refillOperators: RefillOperatorsTable;
  refillOperatorSessions: RefillOperatorSessionsTable;
  refillDevices: RefillDevicesTable;
  refills: RefillsTable;
}
