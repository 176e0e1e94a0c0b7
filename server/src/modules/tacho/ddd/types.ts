/** What a tachograph download (DDD file) says about itself, enough for the file store and the counters. */

/** Activity of an activity change entry (Annex 1B/1C ActivityChangeInfo, bits `aa`). */
export type DddActivity = 'rest' | 'available' | 'work' | 'driving';

/** One activity change: from `minute` (minutes after 00:00 UTC of the day) the activity holds until the next. */
export interface DddActivityChange {
  /** 0 driver slot, 1 co-driver slot. */
  slot: 0 | 1;
  /** Crew (team) driving; with the card absent this bit marks a manual entry instead. */
  crew: boolean;
  cardPresent: boolean;
  activity: DddActivity;
  minute: number;
}

/** One daily record of the card's activity buffer. */
export interface DddActivityDay {
  /** The day, epoch seconds at 00:00 UTC. */
  day: number;
  /** Kilometres driven that day. */
  distanceKm: number;
  /** The card's daily presence counter (BCD on the card). */
  presenceCounter: number;
  changes: DddActivityChange[];
}

/** Who or what the file is about: the driver for a card file, the vehicle for a vehicle unit file. */
export interface DddEntity {
  cardNumber?: string;
  surname?: string;
  firstNames?: string;
  vrn?: string;
  vin?: string;
  /** Nation (vehicle sign, e.g. `P`, `E`, `D`): card issuing state or vehicle registration nation. */
  nation?: string;
}

export interface DddFile {
  /** D driver card, V vehicle unit. */
  kind: 'D' | 'V';
  generation: 1 | 2;
  entity: DddEntity;
  /** Epoch seconds: the card's last download (EF 0x050E) or the vehicle unit's time at download; else null. */
  downloadDate: number | null;
  /** First and last activity day (epoch seconds at 00:00 UTC); null when the file holds no activity. */
  dataFrom: number | null;
  dataTo: number | null;
  /** Number of days with an activity record. */
  days: number;
  /** Daily activity of a driver card, oldest day first. */
  activities?: DddActivityDay[];
  /** The name given with the upload, or the conventional name when none came with it. */
  fileName: string;
  /** Size in bytes. */
  size: number;
}

/** Why a file was refused (for logs and translated texts); `message` carries the Portuguese text. */
export type DddRefusal = 'empty' | 'notTachograph' | 'truncated' | 'notDriverCard';

export type DddReadResult = { ok: true; file: DddFile } | { ok: false; reason: DddRefusal; message: string };
