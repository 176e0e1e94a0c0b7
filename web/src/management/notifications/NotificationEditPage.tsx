import { useMemo } from 'react';
import { FormControlLabel, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useDevices, useGroups } from '../../api/queries';
import { useSession } from '../../session/sessionContext';
import { EditForm } from '../../common/EditForm';
import { ItemPicker } from '../../common/pickers/ItemPicker';
import { deviceLabel, devicesOfGroup, groupsWithMembers, reportDevices } from '../../common/selection';
import { idOf } from '../../common/vehicle/currentVehicle';
import { useVehicleItem } from '../useVehicleItem';
import { AdvanceSwitch } from './AdvanceSwitch';
import {
  NOTIFICATION_KINDS,
  newNotificationDraft,
  notificationBody,
  notificationDraft,
  notificationProblem,
  translateNotificationMessage,
  type NotificationDraft,
} from './notificationForm';
import { NOTIFICATIONS_PATH } from './notificationPaths';
import { saveMaintenanceNotification, useMaintenanceNotifications } from './notificationsApi';
import { titleTrail } from '../../common/titleTrail';

/** /management/notification/:id? — a daily maintenance notification (document 3 §2, §3, §5). */
export function NotificationEditPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const { user } = useSession();
  const list = useMaintenanceNotifications();
  const { item, update, loading, missing } = useVehicleItem(list, idOf(params.id), notificationDraft, () =>
    newNotificationDraft(user?.email),
  );
  const devices = useDevices();
  const groups = useGroups();
  const offered = useMemo(() => reportDevices(devices.data), [devices.data]);
  const items = useMemo(() => offered.map((d) => ({ id: d.id, label: deviceLabel(d) })), [offered]);
  const vehicleGroups = useMemo(
    () => groupsWithMembers(groups.data, (id) => devicesOfGroup(id, groups.data ?? [], offered).length),
    [groups.data, offered],
  );

  if (missing) return <Navigate to={NOTIFICATIONS_PATH} replace />;
  const title = titleTrail(
    [t('route.management_notifications'), t(item?.id ? 'management.editTitle' : 'management.addTitle')],
    i18n.dir() === 'rtl',
  );

  return (
    <EditForm<NotificationDraft>
      title={title}
      endpoint="management"
      item={item}
      loading={loading}
      validate={(draft) => {
        const message = notificationProblem(draft);
        return message ? translateNotificationMessage(t, message) : null;
      }}
      save={async (draft) => {
        await saveMaintenanceNotification(notificationBody(draft));
        return draft;
      }}
      backPath={NOTIFICATIONS_PATH}
    >
      <TextField
        label={t('management.notifications.emailsLabel')}
        value={item?.emails ?? ''}
        onChange={(e) => update((d) => ({ ...d, emails: e.target.value }))}
        helperText={t('management.notifications.emailsHelp')}
        multiline
        minRows={2}
        required
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'maintenance-notification-emails' } }}
      />
      {item &&
        NOTIFICATION_KINDS.map((kind) => (
          <AdvanceSwitch key={kind} kind={kind} draft={item} update={update} />
        ))}
      <RadioGroup
        value={item?.all_devices ? 'all' : 'selected'}
        onChange={(e) => update((d) => ({ ...d, all_devices: e.target.value === 'all' }))}
      >
        <FormLabel>{t('management.notifications.vehicles')}</FormLabel>
        <FormControlLabel
          value="all"
          control={
            <Radio
              slotProps={{ input: { 'data-testid': 'maintenance-notification-all-devices' } as object }}
            />
          }
          label={t('management.notifications.allDevices')}
        />
        <FormControlLabel
          value="selected"
          control={
            <Radio
              slotProps={{ input: { 'data-testid': 'maintenance-notification-selected-devices' } as object }}
            />
          }
          label={t('management.notifications.selectedDevices')}
        />
      </RadioGroup>
      {item && !item.all_devices && (
        <ItemPicker
          label={t('management.notifications.vehicles')}
          items={items}
          groups={vehicleGroups}
          expand={(id) => devicesOfGroup(id, groups.data ?? [], offered)}
          selected={item.device_ids}
          onChange={(ids) => update((d) => ({ ...d, device_ids: ids }))}
          testId="maintenance-notification-devices"
          loading={devices.isLoading}
        />
      )}
    </EditForm>
  );
}
