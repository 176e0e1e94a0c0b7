import { useMemo } from 'react';
import {
  Alert,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { boolAttr, isValidEmail } from '@frota/core';
import { hasPermission } from '../session/permissions';
import { useSession } from '../session/sessionContext';
import { EditForm } from '../common/EditForm';
import { IdMultiSelect } from '../common/IdSelect';
import { useEditItem } from '../common/useEditItem';
import {
  newNotification,
  notificationBody,
  toFormNotification,
  validateNotification,
} from './notificationForm';
import {
  ALERT_TYPES,
  NOTIFICATORS,
  notificatorList,
  type AlertNotification,
  type Notificator,
} from './notificationTypes';
import { useLinkDraft, useSaveWithLinks } from './settingsApi';
import { useAllVehicles } from './settingsQueries';
import { isNumericPhone } from '../common/validation';

/** /settings/notification/:id? — an alert: type, description, delivery methods, e-mails, vehicles. */
export function NotificationEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user } = useSession();
  const loaded = useEditItem<AlertNotification>('notifications', id, newNotification);
  const { update, loading } = loaded;
  const item = useMemo(() => (loaded.item ? toFormNotification(loaded.item) : undefined), [loaded.item]);
  const vehicles = useAllVehicles();
  const [deviceIds, setDeviceIds, storedDevices] = useLinkDraft(
    id ? `/report/api.php/devices?notificationId=${id}&disabled=true` : null,
  );
  const saveWithLinks = useSaveWithLinks<AlertNotification>('notifications');

  const canMail = isValidEmail(user?.email);
  const canSms = isNumericPhone(user?.phone);
  const hasCanbus = (vehicles.data ?? []).some((d) => boolAttr(d.attributes?.has_canbus));
  const types = ALERT_TYPES.filter(
    (type) =>
      (type !== 'deviceFuelDrop' || hasCanbus) &&
      (type !== 'seatbeltAndLights' || hasPermission(user, 'global.alert_seatbelt_lights')),
  );
  const chosen = notificatorList(item?.notificators);
  const set = (change: Partial<AlertNotification>) =>
    update((n) => ({ ...toFormNotification(n), ...change }));
  const setAttribute = (key: string, value: string) =>
    update((n) => ({ ...toFormNotification(n), attributes: { ...n.attributes, [key]: value } }));
  const toggle = (name: Notificator, on: boolean) =>
    set({ notificators: NOTIFICATORS.filter((n) => (n === name ? on : chosen.includes(n))).join(',') });
  const methodLabel = (name: Notificator) =>
    name === 'sms' && !canSms
      ? `${t('settings.notificator.sms')} (${t('settings.notDefined')})`
      : t(`settings.notificator.${name}`);

  return (
    <EditForm<AlertNotification>
      title={t('route.settings_notification')}
      endpoint="notifications"
      item={item}
      loading={loading}
      validate={(n) => {
        const problem = validateNotification(n);
        return problem ? t(problem.key, { value: problem.value }) : null;
      }}
      toBody={notificationBody}
      save={(body) =>
        saveWithLinks(body, { devices: body.always ? [] : deviceIds }, { devices: storedDevices })
      }
      backPath="/settings/notifications"
    >
      <TextField
        select
        label={t('settings.alertTypeLabel')}
        value={item?.type ?? ''}
        onChange={(e) => set({ type: e.target.value })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'notification-type' } as object } }}
      >
        {[
          ...types,
          ...(item?.type && !(types as readonly string[]).includes(item.type) ? [item.type] : []),
        ].map((type) => (
          <MenuItem key={type} value={type} data-testid={`notification-type-${type}`}>
            {t(`settings.alertType.${type}`, { defaultValue: type })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('settings.description')}
        value={String(item?.attributes.description ?? '')}
        onChange={(e) => setAttribute('description', e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'notification-description' } }}
      />
      <FormGroup>
        <FormLabel>{t('settings.deliveryMethod')}</FormLabel>
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          {NOTIFICATORS.map((name) => (
            <FormControlLabel
              key={name}
              disabled={
                (name === 'mail' && !canMail && !chosen.includes('mail')) ||
                (name === 'sms' && !canSms && !chosen.includes('sms'))
              }
              control={
                <Checkbox
                  checked={chosen.includes(name)}
                  onChange={(e) => toggle(name, e.target.checked)}
                  slotProps={{ input: { 'data-testid': `notificator-${name}` } as object }}
                />
              }
              label={methodLabel(name)}
            />
          ))}
        </Stack>
      </FormGroup>
      {chosen.includes('sms') && (
        <Alert severity="warning" data-testid="sms-warning">
          {t('settings.smsLimits')}
        </Alert>
      )}
      {chosen.includes('mail') && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['emailTo', 'emailCc'] as const).map((key) => (
            <TextField
              key={key}
              fullWidth
              multiline
              label={t(`settings.${key}`)}
              value={String(item?.attributes[key] ?? '')}
              onChange={(e) => setAttribute(key, e.target.value)}
              helperText={t('settings.emailListHelp')}
              slotProps={{ htmlInput: { 'data-testid': `notification-${key}` } }}
            />
          ))}
        </Stack>
      )}
      <RadioGroup
        value={item?.always ? 'always' : 'associated'}
        onChange={(e) => set({ always: e.target.value === 'always' })}
      >
        <FormLabel>{t('settings.vehicles')}</FormLabel>
        <FormControlLabel
          value="always"
          control={<Radio slotProps={{ input: { 'data-testid': 'notification-always' } as object }} />}
          label={t('settings.allVehicles')}
        />
        <FormControlLabel
          value="associated"
          control={<Radio slotProps={{ input: { 'data-testid': 'notification-associated' } as object }} />}
          label={t('settings.associatedVehicles')}
        />
      </RadioGroup>
      {!item?.always && (
        <IdMultiSelect
          label={t('settings.vehicles')}
          options={vehicles.data ?? []}
          value={deviceIds}
          onChange={setDeviceIds}
          testId="notification-devices"
        />
      )}
    </EditForm>
  );
}
