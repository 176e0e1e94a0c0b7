import { useCallback, useMemo } from 'react';
import { Box, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendJson } from '../api/client';
import { queryKeys, useUsers } from '../api/queries';
import type { User } from '../api/types';
import { useSession } from '../session/sessionContext';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { usersListRows } from './usersList';

/** /settings/users (document 1 §6, Settings lists). */
export function UsersPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const users = useUsers();
  const queryClient = useQueryClient();
  const rows = useMemo(() => usersListRows(users.data, user?.id), [users.data, user?.id]);

  const columns = useMemo<GridColDef<User>[]>(
    () => [
      {
        field: 'name',
        headerName: t('name'),
        flex: 1,
        minWidth: 160,
        sortComparator: compareText,
        // a blocked user (disabled) told apart from the active ones at a glance; the export keeps the name
        renderCell: ({ row }) => (
          // after the name in the page's reading order, a gap between them either way (a margin on the
          // chip touched the name in Arabic)
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <span>{row.name}</span>
            {row.disabled && (
              <Chip size="small" label={t('settings.profile.disabled')} data-testid="user-disabled" />
            )}
          </Box>
        ),
      },
      { field: 'email', headerName: t('email'), flex: 1, minWidth: 200, sortComparator: compareText },
      { field: 'phone', headerName: t('phone'), flex: 0.6, minWidth: 120 },
    ],
    [t],
  );

  const remove = useCallback(
    async (row: User) => {
      await sendJson('DELETE', `/api/users/${row.id}`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
    },
    [queryClient],
  );

  return (
    <DataList
      title={t('route.settings_users')}
      rows={rows}
      columns={columns}
      loading={users.isLoading}
      exportName="Users"
      editPath="/settings/user"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.name}
      initialSort={[{ field: 'name', sort: 'asc' }]}
    />
  );
}
