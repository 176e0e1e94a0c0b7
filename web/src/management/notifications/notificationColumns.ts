import type { GridColDef } from '@mui/x-data-grid';
import { vehiclesCell, type AdvanceField, type MaintenanceNotification } from '@frota/core';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../common/formatters';
import { compareText } from '../../common/listSearch';
import { KIND_FIELDS, NOTIFICATION_KINDS, type NotificationKind } from './notificationForm';

/** Shown in a kind's columns when the kind is off (document 3 §2). */
export const OFF = '–';

const KIND_OF = Object.fromEntries(
  NOTIFICATION_KINDS.flatMap((kind) => KIND_FIELDS[kind].map((field) => [field, kind])),
) as Record<AdvanceField, NotificationKind>;

/** An advance value, or null when its kind is off. */
export const advanceOf = (n: MaintenanceNotification, field: AdvanceField): number | null =>
  n[KIND_OF[field]] ? Number(n[field]) : null;

/** The vehicles cell: All, the plate of the one vehicle, else the count. */
export function vehiclesText(
  n: MaintenanceNotification,
  t: TFunction,
  plateOf: (deviceId: number) => string | null | undefined,
): string {
  const cell = vehiclesCell(n, plateOf);
  if ('all' in cell) return t('management.notifications.all');
  return 'plate' in cell ? cell.plate : String(cell.count);
}

/** Recipients as a list of addresses separated by a comma and a space. */
export const emailsText = (emails: string): string =>
  emails
    .split(/[\s,;]+/)
    .filter(Boolean)
    .join(', ');

/** The list's columns (document 3 §2), in its order. */
export function notificationColumns(
  t: TFunction,
  plateOf: (deviceId: number) => string | null | undefined,
): GridColDef<MaintenanceNotification>[] {
  const advance = (field: AdvanceField): GridColDef<MaintenanceNotification> => ({
    field,
    headerName: t(`management.notifications.${field}`),
    description: t(`management.notifications.${field}`),
    type: 'number',
    // the communication header is the longest: room for it on two lines
    minWidth: field === 'communication_hours' ? 160 : 120,
    flex: field === 'communication_hours' ? 1.2 : 0.8,
    valueGetter: (_value: unknown, row) => advanceOf(row, field),
    valueFormatter: (value: number | null) => (value === null ? OFF : formatNumber(value)),
  });
  return [
    {
      field: 'emails',
      headerName: t('management.notifications.emails'),
      minWidth: 200,
      flex: 1.6,
      valueGetter: (value: string) => emailsText(value ?? ''),
      sortComparator: compareText,
    },
    {
      field: 'device_ids',
      headerName: t('management.notifications.vehicles'),
      minWidth: 110,
      flex: 0.8,
      valueGetter: (_value: unknown, row) => vehiclesText(row, t, plateOf),
      sortComparator: compareText,
    },
    advance('maintenance_km'),
    advance('maintenance_hours'),
    advance('cost_days'),
    advance('document_days'),
    advance('communication_hours'),
  ];
}
