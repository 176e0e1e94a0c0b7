/** Table types of the tachograph files migrations (014_tachoFiles, 026_tachoScope). */
import type { Generated } from 'kysely';

/** One stored DDD file (document 3 §3 tacho file); its bytes are in `tacho_file_contents`. */
export interface TachoFilesTable {
  id: Generated<number>;
  /** the name it arrived with, or the conventional DDD name */
  fileName: string;
  /** D driver card, V vehicle unit */
  fileType: string;
  /** `D:<card number>` or `V:<VRN or VIN>`: the entity whose schedule and staleness the file counts for */
  entityKey: string;
  /** driver name, or the vehicle's VRN */
  name: string;
  cardNumber: string | null;
  vrn: string | null;
  vin: string | null;
  /** the vehicle or driver the file was linked to at upload (access policy); null when none matched */
  deviceId: number | null;
  driverId: number | null;
  generation: number;
  /** epoch ms; the upload time when the file gives none */
  downloadDate: number;
  /** first and last activity day, epoch ms at 00:00 UTC */
  dataFrom: number | null;
  dataTo: number | null;
  days: number;
  fileSize: number;
  /** sha-256 of the bytes: the same file uploaded again is not stored twice */
  sha256: string;
  uploadedBy: number | null;
  /**
   * Whose data the file is (migration 026): `driver:<id>`, `device:<id>` (the link above, made among the rows
   * the uploader sees) or `user:<id>` (a file that matched nothing: its uploader's). Schedules and card
   * activity are kept per owner.
   */
  ownerKey: Generated<string>;
  createdAt: number;
}

/** The bytes of a stored file, in the database so that every server node serves them. */
export interface TachoFileContentsTable {
  fileId: number;
  content: Uint8Array;
}

/** The download periodicity of one entity (driver card or vehicle unit) of one owner. */
export interface TachoSchedulesTable {
  /** the files' `ownerKey` */
  ownerKey: string;
  entityKey: string;
  /** Daily, Weekly, Monthly, Custom, Never */
  periodicity: string;
  /** days between downloads when Custom */
  customDays: number | null;
  updatedAt: number;
}

/** One activity change of a driver card's daily record: from `minute` of `day` until the next change. */
export interface TachoCardActivityTable {
  /** the `ownerKey` of the card files the day came from */
  ownerKey: string;
  cardNumber: string;
  /** 00:00 UTC of the day, epoch ms */
  day: number;
  minute: number;
  /** rest, available, work, driving */
  activity: string;
  /** 0 driver slot, 1 co-driver slot */
  slot: number;
  cardPresent: number | boolean;
  /** epoch ms: the download time of the file the day came from (0 when unknown) */
  recordedAt: number;
}

export interface TachoFileTables {
  tachoFiles: TachoFilesTable;
  tachoFileContents: TachoFileContentsTable;
  tachoSchedules: TachoSchedulesTable;
  tachoCardActivity: TachoCardActivityTable;
}
