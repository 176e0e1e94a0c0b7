import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { formatNumber } from '../common/formatters';
import type { Format } from '../common/useFormat';
import { alertTypeName } from './alertTypes';
import type { AlertEvent } from './eventsApi';
import { statusKey, statusOf } from './eventStatus';
import { StatusButton } from './StatusChip';
import { AddressText } from '../common/AddressText';
import { localAddress } from '../common/localAddress';

const KMH_PER_KNOT = 1.852;

/** The alert central's columns; fields are the server's, so sorting by a column sorts on the server. */
export function eventColumns(
  t: TFunction,
  format: Format,
  openEvent: (event: AlertEvent) => void,
): GridColDef<AlertEvent>[] {
  // Only the fields the server can order by are sortable (contract item 4: sort).
  const text = (
    field: keyof AlertEvent,
    headerName: string,
    minWidth = 130,
    sortable = false,
  ): GridColDef<AlertEvent> => ({ field, headerName, minWidth, flex: 1, sortable });
  return [
    {
      field: 'lastStatusId',
      headerName: t('alerts.statusLabel'),
      minWidth: 140,
      valueFormatter: (value: number) => t(statusKey(statusOf(value))),
      renderCell: ({ row, tabIndex }) => (
        <StatusButton
          status={statusOf(row.lastStatusId)}
          onClick={() => openEvent(row)}
          tabIndex={tabIndex}
          label={t('alerts.statusButton', { name: row.deviceName })}
        />
      ),
    },
    {
      field: 'eventTime',
      headerName: t('alerts.date'),
      minWidth: 180,
      valueFormatter: (value: string) => format.dateTime(value),
    },
    {
      field: 'eventType',
      headerName: t('alerts.eventType'),
      minWidth: 190,
      flex: 1,
      valueFormatter: (value: string) => alertTypeName(value, t),
    },
    text('deviceName', t('alerts.vehicle'), 150, true),
    text('deviceLicensePlate', t('alerts.plate'), 120),
    text('driverName', t('alerts.driver'), 160),
    text('driverPhone', t('alerts.phone'), 120),
    {
      field: 'speed',
      headerName: t('alerts.speed'),
      type: 'number',
      minWidth: 150,
      valueFormatter: (value: number | null) =>
        value === null || value === undefined ? '' : formatNumber(value * KMH_PER_KNOT),
    },
    {
      ...text('address', t('alerts.address'), 280, true),
      valueFormatter: (value: string | null) => (value ? localAddress(value, t) : ''),
      // the distance kept whole and the place cut at its own end, each in its reading order
      renderCell: ({ value }) => (value ? <AddressText address={value as string} /> : null),
    },
    text('lastStatusUser', t('alerts.user'), 130),
    text('lastStatusDetails', t('alerts.observations'), 180),
  ];
}
