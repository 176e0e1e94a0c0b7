import { useCallback, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { numberAttr, speedLimitToKmh } from '@frota/core';
import { sendJson } from '../api/client';
import { queryKeys, useGeofences } from '../api/queries';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import DrawIcon from '@mui/icons-material/Draw';
import { DataList } from '../common/DataList';
import { isTemporaryUser } from '../session/permissions';
import { useSession } from '../session/sessionContext';
import { formatNumber } from '../common/formatters';
import { compareText } from '../common/listSearch';

interface ZoneRow {
  id: number;
  name: string;
  description: string;
  speedLimit: number | null;
}

/** /settings/geofences: name, description, speed limit in km/h; remove and edit, no add (document 1 §6). */
export function GeofencesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canDraw = !!user && !user.readonly && !isTemporaryUser(user);
  const zones = useGeofences();
  const queryClient = useQueryClient();
  const rows = useMemo<ZoneRow[]>(
    () =>
      (zones.data ?? []).map((z) => {
        const limit = numberAttr(z.attributes?.speedLimit);
        return {
          id: z.id,
          name: z.name,
          description: z.description ?? '',
          speedLimit: limit ? speedLimitToKmh(limit) : null,
        };
      }),
    [zones.data],
  );
  const columns = useMemo<GridColDef<ZoneRow>[]>(
    () => [
      { field: 'name', headerName: t('name'), flex: 1, minWidth: 180, sortComparator: compareText },
      {
        field: 'description',
        headerName: t('settings.description'),
        flex: 1,
        minWidth: 180,
        sortComparator: compareText,
      },
      {
        field: 'speedLimit',
        headerName: t('settings.speedLimitKmh'),
        type: 'number',
        minWidth: 240,
        valueFormatter: (value: number | null) => formatNumber(value),
      },
    ],
    [t],
  );
  const remove = useCallback(
    async (row: ZoneRow) => {
      await sendJson('DELETE', `/api/geofences/${row.id}`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.geofences });
    },
    [queryClient],
  );
  return (
    <DataList
      title={t('route.settings_geofences')}
      rows={rows}
      columns={columns}
      loading={zones.isLoading}
      exportName="Zones"
      editPath="/settings/geofence"
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.name}
      initialSort={[{ field: 'name', sort: 'asc' }]}
      toolbarExtra={
        canDraw ? (
          // zones are drawn on the map (document 1 §2), not added in this list: the way there
          <Button component={RouterLink} to="/?draw=zone" startIcon={<DrawIcon />} data-testid="zones-draw">
            {t('settings.drawZone')}
          </Button>
        ) : undefined
      }
    />
  );
}
