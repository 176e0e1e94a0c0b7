/** Table types of the passenger control migration (016_passengers). */
import type { Generated } from 'kysely';

type Json = string | Record<string, unknown>;

export interface PassengersTable {
  id: Generated<number>;
  name: string;
  /** the RFID card or iButton number, upper case (unique) */
  cardId: string;
  groupId: number | null;
  phone: string;
  notes: string;
  attributes: Json;
  /** the user who created it (null once that user is deleted) */
  userId: number | null;
}

/** One fresh card read on a passenger vehicle; time epoch ms (the record's fix time). */
export interface PassengerPickupsTable {
  id: Generated<number>;
  deviceId: number;
  passengerId: number | null;
  cardId: string;
  time: number;
  latitude: number;
  longitude: number;
  address: string | null;
}

export interface PassengerTables {
  passengers: PassengersTable;
  passengerPickups: PassengerPickupsTable;
}
