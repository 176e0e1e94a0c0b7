import { useMemo, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { ErrorDialog } from '../common/MessageDialog';
import { formatSaveError } from '../common/saveError';
import { openBarcodePdf } from './barcodePdf';
import { CodeDialog } from './CodeDialog';
import { fetchRefillDevices, refillKeys } from './refillsApi';
import type { RefillDevice } from './refillTypes';

/**
 * /settings/refill_devices: the vehicles with refill devices — name, plate, group, model and consumption
 * profile; ticked vehicles become a PDF of barcode labels; each shows its code (document 3 §2). No add,
 * edit or remove here.
 */
export function RefillDevicesPage() {
  const { t } = useTranslation();
  const devices = useQuery({ queryKey: refillKeys.devices, queryFn: fetchRefillDevices });
  const [shown, setShown] = useState<RefillDevice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const columns = useMemo<GridColDef<RefillDevice>[]>(
    () => [
      { field: 'name', headerName: t('refills.name'), flex: 1, minWidth: 160, sortComparator: compareText },
      { field: 'license_plate', headerName: t('refills.plate'), flex: 0.8, minWidth: 110 },
      { field: 'group', headerName: t('refills.group'), flex: 0.8, minWidth: 120 },
      { field: 'model', headerName: t('refills.model'), flex: 0.8, minWidth: 110 },
      {
        field: 'consumption_profile',
        headerName: t('refills.consumptionProfile'),
        flex: 1,
        minWidth: 150,
      },
      {
        field: 'qr',
        headerName: '',
        width: 56,
        sortable: false,
        disableExport: true,
        renderCell: ({ row }) => (
          <Tooltip title={t('refills.showCode')}>
            <IconButton
              size="small"
              onClick={() => setShown(row)}
              aria-label={t('refills.showCode')}
              data-testid="refill-device-code"
            >
              <QrCode2Icon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [t],
  );
  const labels = (chosen: RefillDevice[]) =>
    void openBarcodePdf(
      chosen.map((d) => d.deviceId),
      'V',
    ).catch((e: unknown) =>
      setError(e instanceof ApiError ? formatSaveError(e.status, e.statusText, e.body) : String(e)),
    );
  return (
    <>
      <DataList
        title={t('route.refill_devices')}
        rows={devices.data}
        columns={columns}
        loading={devices.isLoading}
        exportName="Vehicles"
        searchTexts={(row) => [row.name, row.license_plate, row.group, row.model, row.consumption_profile]}
        initialSort={[{ field: 'name', sort: 'asc' }]}
        rowAttributes={{ rowTestId: 'refill-device-row', rowIdAttribute: 'id' }}
        selectionAction={{
          label: t('refills.barcodePdf'),
          icon: <QrCode2Icon />,
          testId: 'barcode-pdf',
          onAction: labels,
        }}
      />
      {shown && (
        <CodeDialog
          title={shown.license_plate || shown.name}
          text={shown.code || shown.license_plate || shown.name}
          onClose={() => setShown(null)}
        />
      )}
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </>
  );
}
