import { TACHO_COUNTER_NAMES, formatCounter, isWorkingState, type ReportedWorkingState } from '@frota/core';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { compareText } from '../common/listSearch';
import { ActivityChip } from './ActivityChip';
import type { TachoDriverRow } from './driverRows';

/** The state's label for export and sorting; blank for 4, 5 and none (document 3 §4). */
export const stateLabel = (t: TFunction, state: ReportedWorkingState | null): string =>
  state !== null && isWorkingState(state) ? t(`tacho.state.${state}`) : '';

/**
 * Document 3 §2: activity chip, driver full name, last vehicle, last update and the six counters as h:mm
 * (on a phone the counters before the vehicle and the update).
 */
export function driverColumns(
  t: TFunction,
  dateTime: (value: string | number | null) => string,
  phone = false,
): GridColDef<TachoDriverRow>[] {
  const counters = TACHO_COUNTER_NAMES.map<GridColDef<TachoDriverRow>>((name) => ({
    field: name,
    headerName: t(`tacho.counterShort.${name}`),
    description: t(`tacho.counter.${name}`),
    type: 'number',
    flex: 0.7,
    minWidth: 110,
    valueFormatter: (value: number | null) => formatCounter(value),
    // Counters computed from the card history rather than sent by the tracker are set in italics.
    // (an empty counter stays empty text: a phone's card then leaves its line out)
    renderCell: ({ row, formattedValue }) =>
      row.computed && formattedValue !== '' && formattedValue != null ? (
        <i title={t('tacho.computed')} data-testid="tacho-counter-computed">
          {formattedValue}
        </i>
      ) : (
        formattedValue
      ),
  }));
  const [state, name, vehicle, lastSeen]: GridColDef<TachoDriverRow>[] = [
    {
      field: 'state',
      headerName: t('tacho.activity'),
      width: 140,
      valueFormatter: (value: ReportedWorkingState | null) => stateLabel(t, value),
      renderCell: ({ row }) => <ActivityChip state={row.state} />,
    },
    {
      field: 'fullName',
      headerName: t('tacho.driver'),
      flex: 1,
      minWidth: 140,
      sortComparator: compareText,
    },
    {
      field: 'vehicle',
      headerName: t('tacho.lastVehicle'),
      flex: 0.8,
      // "Máquina 1 (LD-32-64-WG)" whole
      minWidth: 210,
      sortComparator: compareText,
    },
    {
      field: 'lastSeen',
      headerName: t('tacho.lastUpdate'),
      minWidth: 175,
      flex: 0.7,
      valueFormatter: (value: string | number | null) => dateTime(value),
    },
  ];
  // On a phone the counters come right after the name, where the first screen shows them.
  return phone
    ? [state, { ...name, minWidth: 120 }, ...counters, vehicle, lastSeen]
    : [state, name, vehicle, lastSeen, ...counters];
}
