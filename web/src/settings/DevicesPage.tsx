import { useMemo, useState } from 'react';
import { FormControlLabel, Switch, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useDevices, useGroups, usePositions } from '../api/queries';
import { hasPermission } from '../session/permissions';
import { useSession } from '../session/sessionContext';
import { DataList } from '../common/DataList';
import { formatNumber } from '../common/formatters';
import { compareText } from '../common/listSearch';
import { useFormat } from '../common/useFormat';
import { vehicleRows, type VehicleRow } from './vehiclesList';

/** Only active vehicles have a row menu (document 1 §4). */
const isActive = (row: VehicleRow) => row.active;

/** /settings/devices: every vehicle with its details; edit only, no add or remove (document 1 §6). */
export function DevicesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const format = useFormat();
  const devices = useDevices();
  const groups = useGroups();
  const positions = usePositions();
  const [grouped, setGrouped] = useState(false);
  const rtl = useTheme().direction === 'rtl';
  const showGsm = hasPermission(user, 'global.show_gsm');

  const rows = useMemo(
    () =>
      vehicleRows(
        devices.data,
        groups.data,
        positions.data,
        {
          electric: t('settings.fuelElectric'),
          diesel: t('settings.fuelDiesel'),
          gasoline: t('settings.fuelGasoline'),
        },
        rtl,
      ),
    [devices.data, groups.data, positions.data, t, rtl],
  );

  const columns = useMemo<GridColDef<VehicleRow>[]>(() => {
    const text = (field: keyof VehicleRow, headerName: string, minWidth = 130): GridColDef<VehicleRow> => ({
      field,
      headerName,
      minWidth,
      flex: 1,
      sortComparator: compareText,
    });
    return [
      text('name', t('name'), 210),
      text('plate', t('settings.licensePlate')),
      text('group', t('settings.group'), 150),
      text('model', t('settings.model')),
      text('fuel', t('settings.fuel'), 150),
      text('chassis', t('settings.chassis'), 110),
      ...(showGsm ? [text('gsm', t('settings.gsm'))] : []),
      text('hardware', t('settings.hardwareType'), 180),
      text('notes', t('settings.notes'), 110),
      {
        field: 'speedLimit',
        headerName: t('settings.speedLimitKmh'),
        type: 'number',
        // "Limite de velocidade / (km/h)" whole on two lines, with the sort arrow
        minWidth: 150,
        valueFormatter: (value: number | null) => formatNumber(value),
      },
      {
        field: 'odometer',
        headerName: t('settings.odometerKm'),
        type: 'number',
        minWidth: 150,
        valueFormatter: (value: number | null) => formatNumber(value, 1),
      },
      {
        field: 'hours',
        headerName: t('settings.hourMeter'),
        type: 'number',
        minWidth: 130,
        valueFormatter: (value: number | null) => formatNumber(value, 1),
      },
      {
        field: 'active',
        headerName: t('settings.status'),
        minWidth: 100,
        valueFormatter: (value: boolean | undefined) =>
          value === undefined ? '' : value ? t('settings.active') : t('settings.inactive'),
      },
      {
        field: 'lastPosition',
        headerName: t('settings.lastPosition'),
        minWidth: 170,
        valueFormatter: (value: string | null) => format.dateTime(value),
      },
      text('address', t('settings.address'), 240),
    ];
  }, [t, showGsm, format]);

  const searchTexts = useMemo(
    () => (row: VehicleRow) => [
      row.name,
      row.plate,
      row.group,
      row.model,
      row.fuel,
      row.chassis,
      showGsm ? row.gsm : '',
      row.hardware,
      row.notes,
      row.address,
    ],
    [showGsm],
  );
  const groupBy = useMemo(
    () => (grouped ? (row: VehicleRow) => row.group || t('settings.noGroup') : undefined),
    [grouped, t],
  );

  return (
    <DataList
      title={t('route.settings_devices')}
      rows={rows}
      columns={columns}
      loading={devices.isLoading}
      exportName="Vehicles"
      wrapHeaders
      editPath="/settings/device"
      canEdit
      rowActive={isActive}
      actionsFirst
      searchTexts={searchTexts}
      groupBy={groupBy}
      initialSort={[{ field: 'name', sort: 'asc' }]}
      toolbarExtra={
        <FormControlLabel
          control={
            <Switch
              checked={grouped}
              onChange={(e) => setGrouped(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'devices-group-switch' } as object }}
            />
          }
          label={t('settings.groupByGroup')}
        />
      }
    />
  );
}
