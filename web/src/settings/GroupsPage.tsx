import { useCallback, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendJson } from '../api/client';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { useGroupElements } from './settingsQueries';

interface GroupRow {
  id: number;
  name: string;
  devices: number;
  users: number;
  geofences: number;
  drivers: number;
}

/** A count, blank when 0 (document 1 §6). */
const count = (value: number | undefined) => (value ? String(value) : '');

/** /settings/groups: name and counts of vehicles, users, zones and drivers. */
export function GroupsPage() {
  const { t } = useTranslation();
  const groups = useGroupElements();
  const queryClient = useQueryClient();
  const rows = useMemo<GroupRow[]>(
    () =>
      (groups.data ?? []).map((g) => ({
        id: g.id,
        name: g.name,
        devices: g.devices.length,
        users: g.users.length,
        geofences: g.geofences.length,
        drivers: g.drivers.length,
      })),
    [groups.data],
  );
  const columns = useMemo<GridColDef<GroupRow>[]>(() => {
    const counted = (field: keyof GroupRow, headerName: string): GridColDef<GroupRow> => ({
      field,
      headerName,
      type: 'number',
      flex: 0.5,
      minWidth: 100,
      valueFormatter: count,
    });
    return [
      { field: 'name', headerName: t('name'), flex: 1, minWidth: 180, sortComparator: compareText },
      counted('devices', t('settings.vehicles')),
      counted('users', t('settings.users')),
      counted('geofences', t('settings.zones')),
      counted('drivers', t('settings.drivers')),
    ];
  }, [t]);

  const remove = useCallback(
    async (row: GroupRow) => {
      await sendJson('DELETE', `/api/groups/${row.id}`);
      await queryClient.invalidateQueries({ queryKey: ['groupElements'] });
      await queryClient.invalidateQueries({ queryKey: ['groups'] });
    },
    [queryClient],
  );

  return (
    <DataList
      title={t('route.settings_groups')}
      rows={rows}
      columns={columns}
      loading={groups.isLoading}
      exportName="Groups"
      editPath="/settings/group"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.name}
      searchTexts={(row) => [row.name]}
      initialSort={[{ field: 'name', sort: 'asc' }]}
    />
  );
}
