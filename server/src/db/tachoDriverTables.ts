/** Table types of the tachograph drivers migrations (013_tachoDrivers, 026_tachoScope). */
import type { Generated } from 'kysely';

/** 0/1 in SQLite, boolean in PostgreSQL */
type Bool = number | boolean;
type Json = string | Record<string, unknown>;

/**
 * A driver card as one vehicle's tracker last reported it (document 3 §3 "Tacho driver"): one row per (card,
 * vehicle), so a tracker never changes what another vehicle (maybe another client's) reported for a card.
 */
export interface TachoDriversTable {
  id: Generated<number>;
  /** the card number (the spec's uniqueid) */
  cardNumber: string;
  name: string;
  surname: string;
  /** the vehicle that reported it; null once that vehicle is deleted */
  deviceId: number | null;
  licensePlate: string | null;
  /** tachograph slot of the card at the last record: 1 driver, 2 co-driver */
  slot: number;
  /** epoch ms of the newest record that carried this card */
  lastSeen: number;
  /** 0–7 (document 3 §4); null before a state was reported */
  workingState: number | null;
  cardPresent: Bool | null;
  /** the counters the tracker last sent: seconds under the spec's `Driver1…` names (some may be missing) */
  counters: Json;
  /** epoch ms of the record that carried them; null when the tracker never sent any */
  countersTime: number | null;
  updatedAt: number;
}

/** A working state a tracker reported for a card at `time` (epoch ms). */
export interface TachoDriverStatesTable {
  id: Generated<number>;
  cardNumber: string;
  deviceId: number | null;
  time: number;
  state: number;
}

export interface TachoDriverTables {
  tachoDrivers: TachoDriversTable;
  tachoDriverStates: TachoDriverStatesTable;
}
