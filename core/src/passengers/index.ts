/**
 * Passenger control (document 2 §2.1, §2.4, §6; document 3 "Passenger control"): the passenger entity, its
 * pickups and the wire shapes shared by the server module (`server/src/modules/passengers`) and the web
 * area (`web/src/passengers`).
 */

/** Either permission opens the passenger list and form; each opens its own report. */
export const PASSENGER_PERMISSIONS = ['passengers.passenger', 'passengers.vehicle'] as const;
export const PASSENGER_VEHICLE_PERMISSION = 'passengers.vehicle';
export const PASSENGER_PASSENGER_PERMISSION = 'passengers.passenger';

/** `report_passenger_pickup.php`'s ReportVersion: 1 pickups by vehicle, 3 pickups by passenger. */
export const PASSENGER_REPORT_VERSIONS = { 1: 'passenger_vehicle', 3: 'passenger_passenger' } as const;

/** A vehicle that carries passengers: its card reads are passenger pickups, not drivers. */
export const PASSENGER_VEHICLE_ATTRIBUTE = 'has_passengers';

/** `GET /api/passengers` rows; `POST /api/passengers` and `PUT /api/passengers/:id` take the same without id. */
export interface Passenger {
  id: number;
  name: string;
  /** the RFID card or iButton number the tracker reads (unique) */
  cardId: string;
  groupId: number | null;
  phone: string;
  notes: string;
  attributes: Record<string, unknown>;
}

export type PassengerInput = Omit<Passenger, 'id'>;

/** One pickup: a passenger's card read on a vehicle. */
export interface PassengerPickup {
  id: number;
  deviceId: number;
  passengerId: number | null;
  cardId: string;
  time: string;
  latitude: number;
  longitude: number;
  address: string | null;
}
