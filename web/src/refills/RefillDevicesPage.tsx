import { useMemo, useState } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { ErrorDialog } from '../common/MessageDialog';
import { formatSaveError } from '../common/saveError';
import { useCurrentUser } from '../session/sessionContext';
import { openBarcodePdf } from './barcodePdf';
import { CodeDialog } from './CodeDialog';
import { thresholdOf } from './profileForm';
import { mayEditProfile } from './refillRules';
import { RefillProfileDialog } from './RefillProfileDialog';
import { fetchRefillDevices, refillKeys } from './refillsApi';
import type { RefillDevice } from './refillTypes';

/** A limit in its colour, after a dot of it (drawn, not text: a screen reader reads the label) */
const LIMIT_MARK = { fontWeight: 600, '&::before': { content: '"● "' } } as const;

/** The units of a profile's two pairs of limits (their columns' titles, as the refill centre's). */
const LIMIT_UNITS = { l100km: 'L/100km', lh: 'L/h' } as const;

/**
 * /settings/refill_devices: the vehicles with refill devices — name, plate, group, model and consumption
 * profile; ticked vehicles become a PDF of barcode labels; each shows its code (document 3 §2). No add or
 * remove here, and no edit of the vehicle: a manager changes only a row's consumption profile and its
 * thresholds, in a dialog (the thresholds each refill holds come from it).
 */
export function RefillDevicesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const editable = mayEditProfile(user);
  const devices = useQuery({ queryKey: refillKeys.devices, queryFn: fetchRefillDevices });
  const [shown, setShown] = useState<RefillDevice | null>(null);
  const [editing, setEditing] = useState<RefillDevice | null>(null);
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
      // each unit's limits in a column of its own, titled by the unit: the yellow limit first in the
      // page's reading order (right to left too), each after a dot of its colour
      ...(['l100km', 'lh'] as const).map((key): GridColDef<RefillDevice> => ({
        field: key,
        headerName: t(`refills.${key}`),
        minWidth: 110,
        flex: 0.6,
        sortable: false,
        valueGetter: (_value: unknown, row: RefillDevice) => {
          const part = thresholdOf(row, LIMIT_UNITS[key]);
          return part ? `${part.yellow} / ${part.red}` : '';
        },
        renderCell: ({ row, value }) => {
          const part = thresholdOf(row, LIMIT_UNITS[key]);
          if (!part) return null;
          return (
            <Tooltip title={t('refills.thresholdsTitle')}>
              <Box
                component="span"
                data-testid={`refill-device-${key}`}
                aria-label={`${t('refills.thresholdsTitle')}: ${t(`refills.${key}`)} ${value as string}`}
                sx={{ display: 'inline-flex', alignItems: 'baseline', columnGap: 0.75 }}
              >
                <Box component="span" sx={{ ...LIMIT_MARK, color: 'warning.dark' }}>
                  {part.yellow}
                </Box>
                <span aria-hidden>/</span>
                <Box component="span" sx={{ ...LIMIT_MARK, color: 'error.main' }}>
                  {part.red}
                </Box>
              </Box>
            </Tooltip>
          );
        },
      })),
      ...(editable
        ? [
            {
              field: 'edit',
              headerName: '',
              width: 56,
              sortable: false,
              disableExport: true,
              renderCell: ({ row }: { row: RefillDevice }) => (
                <Tooltip title={t('refills.editProfile')}>
                  <IconButton
                    size="small"
                    onClick={() => setEditing(row)}
                    aria-label={t('refills.editProfile')}
                    data-testid="refill-device-edit"
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ),
            } satisfies GridColDef<RefillDevice>,
          ]
        : []),
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
    [t, editable],
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
      {editing && (
        <RefillProfileDialog
          deviceId={editing.deviceId}
          title={editing.license_plate || editing.name}
          profile={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </>
  );
}
