import { useCallback, useMemo } from 'react';
import { Alert, Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_SEND_HOUR, type MaintenanceNotification } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { useDevices } from '../../api/queries';
import { DataList } from '../../common/DataList';
import { plateOf } from '../../common/vehicle/currentVehicle';
import { emailsText, notificationColumns, vehiclesText } from './notificationColumns';
import { NOTIFICATION_PATH } from './notificationPaths';
import {
  NOTIFICATIONS_KEY,
  removeMaintenanceNotification,
  useMaintenanceNotifications,
} from './notificationsApi';

function WrappedHeader({ text }: { text: string }) {
  return (
    <Box
      component="span"
      sx={{ whiteSpace: 'normal', lineHeight: 1.25, fontWeight: 500, textAlign: 'right' }}
    >
      {text}
    </Box>
  );
}

/** /management/notifications — the user's daily maintenance notifications (document 3 §2). */
export function NotificationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useMaintenanceNotifications();
  const devices = useDevices();
  const plates = useMemo(
    () => new Map((devices.data ?? []).map((device) => [device.id, plateOf(device)])),
    [devices.data],
  );
  const plate = useCallback((id: number) => plates.get(id), [plates]);
  // the advance headers are long ("Falha de comunicação (horas)"): they wrap instead of being cut
  const columns = useMemo(
    () =>
      notificationColumns(t, plate).map((column) =>
        column.type === 'number'
          ? { ...column, renderHeader: () => <WrappedHeader text={column.headerName ?? ''} /> }
          : column,
      ),
    [t, plate],
  );
  const remove = useCallback(
    async (row: MaintenanceNotification) => {
      await removeMaintenanceNotification(row.id);
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
    [queryClient],
  );

  return (
    <DataList<MaintenanceNotification>
      title={t('route.management_notifications')}
      rows={list.data}
      columns={columns}
      loading={list.isLoading}
      exportName="Notifications"
      editPath={NOTIFICATION_PATH}
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => emailsText(row.emails)}
      searchTexts={(row) => [emailsText(row.emails), vehiclesText(row, t, plate)]}
      searchKey="management.notifications"
      initialSort={[{ field: 'emails', sort: 'asc' }]}
      toolbarExtra={
        <Alert severity="info" sx={{ py: 0, display: { xs: 'none', md: 'flex' } }}>
          {t('management.notifications.daily', { hour: NOTIFICATION_SEND_HOUR })}
        </Alert>
      }
      rowAttributes={{ rowTestId: 'maintenance-notification-row', rowIdAttribute: 'id' }}
      idPrefix="notifications"
    />
  );
}
