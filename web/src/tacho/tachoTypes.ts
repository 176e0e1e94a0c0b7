/** The tachograph area's rows as `/report/api.php/tacho_*` gives them (document 3 §3). */

/** A driver card's live state: `counters` is JSON text (document 3 §7). */
export interface TachoDriverRecord {
  uniqueid: string;
  name?: string | null;
  surname?: string | null;
  license_plate?: string | null;
  deviceId?: number | null;
  /** the last vehicle's name (null when it was deleted) */
  deviceName?: string | null;
  last_seen?: string | number | null;
  working_state?: number | string | null;
  /** six counters in seconds (null unknown) */
  counters?: string | Record<string, unknown> | null;
  /** tracker, computed (EU 561/2006 from the activity history) or mixed */
  counters_source?: string | null;
}

/** The periodicities a file's entity is downloaded with (document 3 §3). */
export const PERIODICITIES = ['Daily', 'Weekly', 'Monthly', 'Custom', 'Never'] as const;
export type Periodicity = (typeof PERIODICITIES)[number];

/** A stored DDD file (document 3 §3). `file_type` D is a driver card; anything else a vehicle unit. */
export interface TachoFile {
  id: number;
  filename: string;
  name: string;
  file_type: string;
  download_date: string | number | null;
  data_from: string | number | null;
  data_to: string | number | null;
  days: number | null;
  file_size: number;
  periodicity?: string | null;
  /** days between downloads when the periodicity is Custom */
  custom_days?: number | null;
  /** card number (D) or VRN, else VIN (V) */
  entity_id?: string | null;
  card_number?: string | null;
  license_plate?: string | null;
  vin?: string | null;
  /** the entity's newest file is older than the legal interval: 28 days for a card, 90 for a vehicle unit */
  stale?: boolean;
  /** whole days since the entity's newest download */
  stale_days?: number | null;
}
