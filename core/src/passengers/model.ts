/** The passenger entity, its pickups, permissions, messages and card rules (no zod: the web imports these). */

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

/** The Portuguese answers of the passenger calls (400). */
export const PASSENGER_MESSAGES = {
  name: 'Por favor indique o nome do passageiro',
  cardId: 'Por favor indique o número do cartão do passageiro',
  duplicateCard: 'Já existe um passageiro com este cartão',
  reportVersion: 'Versão de relatório inválida',
} as const;

/** Card numbers as the trackers send them: hexadecimal in upper case, so a typed `00ab…` still matches. */
export const normaliseCardId = (card: string): string => card.trim().toUpperCase();

/**
 * Whether a record's raw card read is a pickup: a card in the record that differs from the previous
 * record's raw card (a reader that repeats the card while it lies on it counts it once; a new card, or the
 * same card after a record without it, is a new pickup).
 */
export const isFreshCardRead = (raw: string | undefined, previousRaw: string | undefined): boolean =>
  raw !== undefined && raw !== '' && raw !== previousRaw;
