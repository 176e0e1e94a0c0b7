import { useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDevices, useGeofences, useGroups } from '../api/queries';
import type { User } from '../api/types';
import { LANGUAGES } from '../i18n/languageList';
import { useSession } from '../session/sessionContext';
import { EditForm } from '../common/EditForm';
import { DEFAULT_TIMEZONE, TIMEZONES } from '../common/formatters';
import { IdMultiSelect } from '../common/IdSelect';
import { useEditItem } from '../common/useEditItem';
import { PermissionsPanel } from './PermissionsPanel';
import { useLinkDraft, useSaveWithLinks } from './settingsApi';
import { newUserDraft, userBody, validateUser, type UserDraft } from './userForm';
import { UserProfileFields } from './UserProfileFields';
import { TokenField } from './TokenField';

/**
 * /settings/user/:id? — a user of the list, or one's own profile (document 1 §2, §6). Permissions, profile
 * switches, expiry and associations are for other users only: nobody changes their own rights or links.
 */
export function UserEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user: current, setUser } = useSession();
  const own = id !== undefined && id === String(current?.id);
  const { item, update, loading } = useEditItem<UserDraft>('users', id, newUserDraft);
  const [password, setPassword] = useState('');
  const devices = useDevices(!own);
  const groups = useGroups(!own);
  const zones = useGeofences(!own);
  const linked = (kind: string) => (id && !own ? `/api/${kind}?userId=${id}` : null);
  const [deviceIds, setDeviceIds, storedDevices] = useLinkDraft(linked('devices'));
  const [groupIds, setGroupIds, storedGroups] = useLinkDraft(linked('groups'));
  const [zoneIds, setZoneIds, storedZones] = useLinkDraft(linked('geofences'));
  const saveWithLinks = useSaveWithLinks<UserDraft>('users');
  const editorTimezone =
    typeof current?.attributes.timezone === 'string' ? current.attributes.timezone : undefined;

  const setField = <K extends keyof UserDraft>(key: K, value: UserDraft[K]) =>
    update((u) => ({ ...u, [key]: value }));
  const setAttribute = (key: string, value: unknown) =>
    update((u) => ({ ...u, attributes: { ...u.attributes, [key]: value } }));
  const permissions = Array.isArray(item?.attributes.permissions) ? item.attributes.permissions : [];

  const onSaved = (saved: UserDraft) => {
    if (own && current)
      setUser({ ...current, ...saved, id: current.id, attributes: { ...saved.attributes } } as User);
  };

  const validate = (user: UserDraft) => {
    const key = validateUser(user);
    return key ? t(key) : null;
  };

  return (
    <EditForm<UserDraft>
      title={own ? t('profile') : t('route.settings_user')}
      endpoint="users"
      item={item}
      loading={loading}
      validate={validate}
      toBody={(user) => userBody(user, password)}
      save={(body) =>
        saveWithLinks(body, own ? {} : { devices: deviceIds, groups: groupIds, geofences: zoneIds }, {
          devices: storedDevices,
          groups: storedGroups,
          geofences: storedZones,
        })
      }
      onSaved={onSaved}
      backPath={own ? '/' : '/settings/users'}
      maxWidth={own ? 720 : 900}
    >
      <TextField
        label={t('name')}
        value={item?.name ?? ''}
        onChange={(e) => setField('name', e.target.value)}
        required
        slotProps={{ htmlInput: { 'data-testid': 'user-name' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('email')}
          type="email"
          value={item?.email ?? ''}
          onChange={(e) => setField('email', e.target.value)}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'user-email' } }}
        />
        <TextField
          label={t('password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'user-password' } }}
        />
      </Stack>
      <TextField
        label={t('phone')}
        value={item?.phone ?? ''}
        onChange={(e) => setField('phone', e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'user-phone' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          fullWidth
          label={t('timezone')}
          value={String(item?.attributes.timezone ?? DEFAULT_TIMEZONE)}
          onChange={(e) => setAttribute('timezone', e.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'user-timezone' } as object } }}
        >
          {TIMEZONES.map((zone) => (
            <MenuItem key={zone} value={zone}>
              {zone}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          label={t('language')}
          value={String(item?.attributes.language ?? 'pt')}
          onChange={(e) => setAttribute('language', e.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'user-language' } as object } }}
        >
          {LANGUAGES.map((language) => (
            <MenuItem key={language} value={language} data-testid={`language-${language}`}>
              {t(`languageName.${language}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {!own && item && (
        <>
          <UserProfileFields
            user={item}
            timezone={editorTimezone}
            onChange={(change) => update((u) => ({ ...u, ...change }))}
          />
          <TokenField label={t('settings.token')} token={item.token ?? ''} showLabel={t('show')} />
          <PermissionsPanel
            editor={current}
            value={permissions}
            onChange={(list) => setAttribute('permissions', list)}
          />
          <IdMultiSelect
            label={t('settings.vehicles')}
            options={devices.data ?? []}
            value={deviceIds}
            onChange={setDeviceIds}
            testId="user-devices"
          />
          <IdMultiSelect
            label={t('settings.groups')}
            options={groups.data ?? []}
            value={groupIds}
            onChange={setGroupIds}
            testId="user-groups"
          />
          <IdMultiSelect
            label={t('settings.zones')}
            options={zones.data ?? []}
            value={zoneIds}
            onChange={setZoneIds}
            testId="user-zones"
          />
        </>
      )}
    </EditForm>
  );
}
