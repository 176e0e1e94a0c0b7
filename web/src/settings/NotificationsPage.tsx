import { useCallback, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendJson } from '../api/client';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { formAlertType } from '@frota/core';
import { notificatorList } from './notificationTypes';
import { useNotifications } from './settingsQueries';

interface NotificationRow {
  id: number;
  type: string;
  description: string;
  vehicles: string;
  delivery: string;
}

/** /settings/notifications: alert type, description, vehicles, delivery; by translated type, no search. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const queryClient = useQueryClient();
  const rows = useMemo<NotificationRow[]>(
    () =>
      (notifications.data ?? [])
        .map((n) => ({
          id: n.id ?? 0,
          type: t(`settings.alertType.${formAlertType(n.type, n.attributes)}`, {
            defaultValue: formAlertType(n.type, n.attributes),
          }),
          description: String(n.attributes?.description ?? ''),
          vehicles: n.always ? t('settings.allVehicles') : t('settings.associatedVehicles'),
          delivery: notificatorList(n.notificators)
            .map((name) => t(`settings.notificator.${name}`))
            .join(', '),
        }))
        .sort((a, b) => compareText(a.type, b.type)),
    [notifications.data, t],
  );
  const columns = useMemo<GridColDef<NotificationRow>[]>(
    () => [
      {
        field: 'type',
        headerName: t('settings.alertTypeLabel'),
        flex: 1,
        minWidth: 180,
        sortComparator: compareText,
      },
      {
        field: 'description',
        headerName: t('settings.description'),
        flex: 1,
        minWidth: 180,
        sortComparator: compareText,
      },
      { field: 'vehicles', headerName: t('settings.vehicles'), flex: 0.8, minWidth: 160 },
      { field: 'delivery', headerName: t('settings.deliveryMethod'), flex: 0.8, minWidth: 140 },
    ],
    [t],
  );
  const remove = useCallback(
    async (row: NotificationRow) => {
      await sendJson('DELETE', `/api/notifications/${row.id}`);
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
    [queryClient],
  );
  return (
    <DataList
      title={t('route.settings_notifications')}
      rows={rows}
      columns={columns}
      loading={notifications.isLoading}
      exportName="Notifications"
      editPath="/settings/notification"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.type}
      search={false}
      initialSort={[{ field: 'type', sort: 'asc' }]}
    />
  );
}
