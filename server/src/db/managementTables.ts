/** Table types of the management migration (009_management). Calendar dates are `YYYY-MM-DD` text. */
import type { Generated } from 'kysely';

/** 0/1 in SQLite, boolean in PostgreSQL */
type Bool = number | boolean;

/** A maintenance entry of a vehicle; also Traccar's /api/maintenance (deviceId null until linked). */
export interface MaintenancesTable {
  id: Generated<number>;
  deviceId: number | null;
  /** who created it (Traccar maintenances not linked to a vehicle stay visible to their creator) */
  userId: number | null;
  /** the maintenance this row was copied from when linked to a second vehicle or a group */
  templateId: number | null;
  dateStart: string;
  dateEnd: string | null;
  complete: Bool;
  description: string;
  km: number | null;
  periodicityKm: number | null;
  hours: number | null;
  periodicityHours: number | null;
  location: string;
  cost: number | null;
  invoice: string;
  /** Traccar type: totalDistance or hours */
  type: string;
  attributes: unknown;
}

export interface CostsTable {
  id: Generated<number>;
  deviceId: number;
  costDate: string;
  costType: string;
  entity: string;
  designation: string;
  invoice: string;
  cost: number;
  warning: Bool;
  expiryDate: string | null;
}

export interface DocumentsTable {
  id: Generated<number>;
  deviceId: number;
  creationdate: number;
  dateStart: string;
  documentType: string;
  designation: string;
  fileType: string;
  fileName: string;
  fileSize: number;
  warning: Bool;
  expiryDate: string | null;
}

/** The bytes of a document's file, written in the same transaction as the document row. */
export interface DocumentFilesTable {
  documentId: number;
  content: Uint8Array;
}

export interface ManagementTables {
  maintenances: MaintenancesTable;
  costs: CostsTable;
  documents: DocumentsTable;
  documentFiles: DocumentFilesTable;
}
