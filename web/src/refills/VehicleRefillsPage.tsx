import { useCallback, useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import SpeedIcon from '@mui/icons-material/Speed';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { costPerLitre } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../session/sessionContext';
import { DataList } from '../common/DataList';
import { formatNumber } from '../common/formatters';
import { useFormat } from '../common/useFormat';
import { SUMMARY_PATH, plateOf, useListVehicle, useVehicle } from '../common/vehicle/currentVehicle';
import { VehicleTabs } from '../common/vehicle/VehicleTabs';
import { hasUserLimit, mayEditProfile, refillName } from './refillRules';
import { RefillProfileDialog } from './RefillProfileDialog';
import { fetchRefillDevices, fetchVehicleRefills, refillKeys, removeRefill } from './refillsApi';
import type { Refill } from './refillTypes';

/**
 * /management/refills/:id — the refills of one vehicle, newest first (document 3 §2): date, fuel, litres,
 * cost, cost per litre, km and invoice; export `Refills`. Without a vehicle: back to the summary. A manager
 * of the refill centre also sets the vehicle's consumption profile here, whether or not it is among the
 * refill vehicles yet (saving it flags the vehicle).
 */
export function VehicleRefillsPage() {
  const vehicleId = useListVehicle();
  if (vehicleId === null) return <Navigate to={SUMMARY_PATH} replace />;
  return <VehicleRefills vehicleId={vehicleId} />;
}

function VehicleRefills({ vehicleId }: { vehicleId: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const format = useFormat();
  const queryClient = useQueryClient();
  const { device } = useVehicle(vehicleId);
  const editable = mayEditProfile(user);
  const [profiling, setProfiling] = useState(false);
  const profiles = useQuery({
    queryKey: refillKeys.devices,
    queryFn: fetchRefillDevices,
    enabled: editable,
  });
  const profile = profiles.data?.find((d) => d.deviceId === vehicleId) ?? null;
  const refills = useQuery({
    queryKey: refillKeys.vehicle(vehicleId),
    queryFn: () => fetchVehicleRefills(vehicleId),
  });
  const columns = useMemo<GridColDef<Refill>[]>(
    () => [
      {
        field: 'cost_date',
        headerName: t('refills.date'),
        minWidth: 170,
        flex: 1,
        valueFormatter: (_value: string, row: Refill) => format.dateTime(row.costDate),
        sortComparator: (a: string, b: string) => a.localeCompare(b),
      },
      {
        field: 'fuel_type',
        headerName: t('refills.fuelLabel'),
        minWidth: 110,
        flex: 0.7,
        valueFormatter: (value: string) => (value ? t(`refills.fuel.${value}`) : ''),
      },
      {
        field: 'litres',
        headerName: t('refills.litres'),
        type: 'number',
        minWidth: 90,
        flex: 0.6,
        valueFormatter: (value: number) => formatNumber(value, 2),
      },
      {
        field: 'cost',
        headerName: t('refills.cost'),
        type: 'number',
        minWidth: 110,
        flex: 0.7,
        valueFormatter: (value: number) => format.currency(value),
      },
      {
        field: 'costPerLitre',
        headerName: t('refills.costPerLitre'),
        type: 'number',
        minWidth: 120,
        flex: 0.7,
        // Document 3 §2: cost / litres to 2 decimals, blank when litres is 0.
        valueGetter: (_value: unknown, row: Refill) => costPerLitre(row.cost, row.litres),
        valueFormatter: (value: number | null) => (value === null ? '' : format.currency(value)),
      },
      {
        field: 'km',
        headerName: t('refills.km'),
        type: 'number',
        minWidth: 90,
        flex: 0.6,
        valueFormatter: (value: number | null) => (value === null ? '' : formatNumber(value)),
      },
      { field: 'invoice', headerName: t('refills.invoice'), minWidth: 110, flex: 0.7 },
    ],
    [t, format],
  );

  const remove = useCallback(
    async (row: Refill) => {
      await removeRefill(vehicleId, row.id);
      await queryClient.invalidateQueries({ queryKey: refillKeys.all });
    },
    [queryClient, vehicleId],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="vehicle-refills">
      <VehicleTabs deviceId={vehicleId} current="refills" />
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <DataList
          rows={refills.data}
          columns={columns}
          loading={refills.isLoading}
          exportName="Refills"
          editPath="/management/refill"
          canAdd
          canEdit
          canRemove={hasUserLimit(user)}
          onRemove={remove}
          actionsFirst
          itemName={refillName}
          initialSort={[{ field: 'cost_date', sort: 'desc' }]}
          rowAttributes={{ rowTestId: 'refill-row', rowIdAttribute: 'id' }}
          emptyText={t('refills.noData')}
          toolbarExtra={
            editable && (
              <Button
                startIcon={<SpeedIcon />}
                onClick={() => setProfiling(true)}
                disabled={profiles.isLoading}
                data-testid="vehicle-refill-profile"
              >
                {t('refills.consumptionProfile')}
              </Button>
            )
          }
        />
      </Box>
      {profiling && (
        <RefillProfileDialog
          deviceId={vehicleId}
          title={plateOf(device) || `#${vehicleId}`}
          profile={profile}
          onClose={() => setProfiling(false)}
        />
      )}
    </Box>
  );
}
