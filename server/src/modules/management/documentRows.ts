/** Documents of a vehicle: rows ↔ JSON (document 3 §3) and their queries; the file bytes are separate. */
import { daysBetween, expiryState, type ExpiryState } from '@frota/core';
import type { Db } from '../../db/database';
import { toBool, toIso } from '../../db/mapping';
import type { Period } from './period';

export interface DocumentJson {
  id: number;
  deviceId: number;
  creationdate: string;
  date_start: string;
  document_type: string;
  designation: string;
  file_type: string;
  file_name: string;
  file_size: number;
  warning: 0 | 1;
  expiry_date: string | null;
  license_plate: string | null;
  expiry_days: number | null;
  expiry_state: ExpiryState | null;
}

export const DOCUMENT_COLUMNS = [
  'id',
  'deviceId',
  'creationdate',
  'dateStart',
  'documentType',
  'designation',
  'fileType',
  'fileName',
  'fileSize',
  'warning',
  'expiryDate',
] as const;

export function documentJson(
  row: Record<string, unknown>,
  licensePlate: string | null,
  today: string,
): DocumentJson {
  const warning = toBool(row.warning) ? 1 : 0;
  const expiry = (row.expiryDate as string | null) ?? null;
  const days = warning && expiry ? daysBetween(today, expiry) : null;
  return {
    id: Number(row.id),
    deviceId: Number(row.deviceId),
    creationdate: toIso(Number(row.creationdate))!,
    date_start: String(row.dateStart),
    document_type: String(row.documentType),
    designation: String(row.designation ?? ''),
    file_type: String(row.fileType),
    file_name: String(row.fileName ?? ''),
    file_size: Number(row.fileSize),
    warning,
    expiry_date: warning ? expiry : null,
    license_plate: licensePlate,
    expiry_days: days,
    expiry_state: days == null ? null : expiryState(days),
  };
}

export async function listDocuments(db: Db, deviceId: number, period: Period) {
  let q = db.kysely.selectFrom('documents').select(DOCUMENT_COLUMNS).where('deviceId', '=', deviceId);
  if (period.from) q = q.where('dateStart', '>=', period.from);
  if (period.to) q = q.where('dateStart', '<=', period.to);
  return q.orderBy('dateStart', 'desc').orderBy('id', 'desc').execute();
}
