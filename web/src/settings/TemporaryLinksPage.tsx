import { useCallback, useMemo } from 'react';
import { Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendJson } from '../api/client';
import { useDevices } from '../api/queries';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { useFormat } from '../common/useFormat';
import { CopyLinkButton } from './LinkShare';
import { useTemporaryLinks, type TemporaryLink } from './settingsQueries';
import { linkAddress, linkExpired, linkVehicles } from './temporaryLinkForm';

/**
 * /settings/temporary_links: name, the link's address (what is shared, with a button copying it), e-mail,
 * token and expiry (DD/MM/YYYY HH:mm:ss), an expired link marked so. The generated e-mail and token are the
 * link's internals: shown quieter, whole on hover.
 */
function Technical({ value }: { value: unknown }) {
  const text = String(value ?? '');
  return (
    <Typography
      variant="body2"
      noWrap
      dir="ltr"
      title={text}
      color="text.secondary"
      sx={{ fontFamily: 'monospace', fontSize: '0.8rem', minWidth: 0, lineHeight: 'inherit' }}
    >
      {text}
    </Typography>
  );
}

export function TemporaryLinksPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const links = useTemporaryLinks();
  const devices = useDevices();
  const deviceNames = useMemo(
    () => new Map((devices.data ?? []).map((device) => [device.id, device.name])),
    [devices.data],
  );
  const queryClient = useQueryClient();
  const columns = useMemo<GridColDef<TemporaryLink>[]>(
    () => [
      { field: 'name', headerName: t('name'), flex: 1, minWidth: 160, sortComparator: compareText },
      {
        // what the link shows: its vehicles by name (the screen's column; the export keeps the spec's)
        field: 'deviceIds',
        headerName: t('settings.vehicles'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        disableExport: true,
        valueGetter: (_value, row) => linkVehicles(row.deviceIds, deviceNames),
      },
      {
        field: 'link',
        headerName: t('settings.linkAddress'),
        flex: 1.2,
        minWidth: 220,
        sortable: false,
        disableColumnMenu: true,
        // the export keeps the spec's columns: name, e-mail, token and expiry
        disableExport: true,
        valueGetter: (_value, row) => linkAddress(row.token),
        renderCell: ({ value }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0, height: '100%' }}>
            <CopyLinkButton address={String(value)} />
            {/* an address reads left to right on an Arabic page too */}
            <Typography variant="body2" noWrap dir="ltr" data-testid="link-address-row" sx={{ minWidth: 0 }}>
              {String(value)}
            </Typography>
          </Stack>
        ),
      },
      {
        field: 'email',
        headerName: t('email'),
        flex: 0.8,
        minWidth: 180,
        renderCell: ({ value }) => <Technical value={value} />,
      },
      {
        field: 'token',
        headerName: t('settings.token'),
        flex: 0.8,
        minWidth: 180,
        renderCell: ({ value }) => <Technical value={value} />,
      },
      {
        field: 'expirationTime',
        headerName: t('settings.expiration'),
        minWidth: 240,
        valueFormatter: (value: string | null) => format.dateTime(value),
        renderCell: ({ value, formattedValue }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <span>{String(formattedValue ?? '')}</span>
            {linkExpired(value as string | null) && (
              <Chip
                size="small"
                color="error"
                variant="outlined"
                label={t('settings.linkExpired')}
                data-testid="link-expired"
              />
            )}
          </Stack>
        ),
      },
    ],
    [t, format, deviceNames],
  );
  const remove = useCallback(
    async (row: TemporaryLink) => {
      await sendJson('DELETE', `/api/settings/temporary_links/${row.id}`);
      await queryClient.invalidateQueries({ queryKey: ['temporaryLinks'] });
    },
    [queryClient],
  );
  return (
    <DataList
      title={t('route.settings_temporary_links')}
      rows={links.data}
      columns={columns}
      loading={links.isLoading}
      exportName="TemporaryLinks"
      editPath="/settings/temporary_link"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.name}
      searchTexts={(row) => [
        row.name,
        linkVehicles(row.deviceIds, deviceNames),
        row.email,
        row.token,
        format.dateTime(row.expirationTime),
      ]}
      initialSort={[{ field: 'name', sort: 'asc' }]}
    />
  );
}
