import { useCallback, useMemo, useState } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { DataList } from '../common/DataList';
import { formatNumber } from '../common/formatters';
import { ErrorDialog } from '../common/MessageDialog';
import { formatSaveError } from '../common/saveError';
import { openBarcodePdf } from './barcodePdf';
import { stationTree } from './refillRules';
import { fetchStations, refillKeys, removeSettingsItem } from './refillsApi';
import type { RefillStation } from './refillTypes';
import { StationQrDialog } from './StationQrDialog';

/**
 * /settings/refill_stations: main stations with their auxiliary ones under them; ticked stations become a
 * PDF of barcode labels; each station shows its QR code with a 500-pixel download (document 3 §2).
 */
export function StationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stations = useQuery({ queryKey: refillKeys.stations, queryFn: fetchStations });
  const rows = useMemo(() => stationTree(stations.data ?? []), [stations.data]);
  const [shown, setShown] = useState<RefillStation | null>(null);
  const [error, setError] = useState<string | null>(null);

  const columns = useMemo<GridColDef<RefillStation>[]>(() => {
    // The order is the hierarchy's: no column re-sorts it.
    const plain = { sortable: false, flex: 1, minWidth: 110 };
    return [
      {
        ...plain,
        field: 'name',
        headerName: t('refills.name'),
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box
            component="span"
            data-testid="station-row"
            data-id={row.id}
            data-main-id={row.mainStationId}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, pl: row.mainStationId ? 2 : 0 }}
          >
            {row.mainStationId > 0 && (
              // the arrow points at the name: mirrored right to left
              <SubdirectoryArrowRightIcon
                fontSize="small"
                color="action"
                sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }}
              />
            )}
            <span style={{ fontWeight: row.mainStationId ? 400 : 600 }}>{row.name}</span>
          </Box>
        ),
      },
      { ...plain, field: 'code', headerName: t('refills.code') },
      {
        ...plain,
        field: 'location',
        headerName: t('refills.location'),
        minWidth: 160,
        // coordinates read left to right in Arabic too ("-8.9035, 13.3739", not "13.3739 ,8.9035-")
        renderCell: ({ value }) => <bdi dir="ltr">{value as string}</bdi>,
      },
      {
        ...plain,
        field: 'fuel_type',
        headerName: t('refills.fuelLabel'),
        valueFormatter: (value: string) => (value ? t(`refills.fuel.${value}`) : ''),
      },
      {
        ...plain,
        field: 'capacity',
        headerName: t('refills.capacity'),
        type: 'number',
        valueFormatter: (value: number) => formatNumber(value),
      },
      {
        field: 'qr',
        headerName: '',
        width: 56,
        sortable: false,
        disableExport: true,
        renderCell: ({ row }) => (
          <Tooltip title={t('refills.showQr')}>
            <IconButton
              size="small"
              onClick={() => setShown(row)}
              aria-label={t('refills.showQr')}
              data-testid="station-qr"
            >
              <QrCode2Icon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ];
  }, [t]);

  const remove = useCallback(
    async (row: RefillStation) => {
      await removeSettingsItem('refill_stations', row.id);
      await queryClient.invalidateQueries({ queryKey: refillKeys.stations });
    },
    [queryClient],
  );
  const labels = (chosen: RefillStation[]) =>
    void openBarcodePdf(
      chosen.map((s) => s.id),
      'S',
    ).catch((e: unknown) =>
      setError(e instanceof ApiError ? formatSaveError(e.status, e.statusText, e.body) : String(e)),
    );

  return (
    <>
      <DataList
        title={t('route.refill_stations')}
        rows={rows}
        columns={columns}
        loading={stations.isLoading}
        exportName="Stations"
        editPath="/settings/refill_station"
        canAdd
        canEdit
        canRemove
        onRemove={remove}
        itemName={(row) => row.name}
        searchTexts={(row) => [row.name, row.code, row.location]}
        selectionAction={{
          label: t('refills.barcodePdf'),
          icon: <QrCode2Icon />,
          testId: 'barcode-pdf',
          onAction: labels,
        }}
      />
      {shown && <StationQrDialog station={shown} onClose={() => setShown(null)} />}
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </>
  );
}
