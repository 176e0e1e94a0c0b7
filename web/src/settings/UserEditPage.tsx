import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { User } from '../api/types';
import { LANGUAGES } from '../app/i18n';
import { useSession } from '../app/sessionContext';
import { EditForm } from '../common/EditForm';
import { DEFAULT_TIMEZONE, TIMEZONES } from '../common/formatters';
import { useEditItem } from '../common/useEditItem';
import { newUserDraft, userBody, validateUser, type UserDraft } from './userForm';

/** /settings/user/:id? — a user of the list, or one's own profile (document 1 §2, §6). */
export function UserEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user: current, setUser } = useSession();
  const own = id !== undefined && id === String(current?.id);
  const { item, update, loading } = useEditItem<UserDraft>('users', id, newUserDraft);
  const [password, setPassword] = useState('');

  const setField = <K extends keyof UserDraft>(key: K, value: UserDraft[K]) =>
    update((u) => ({ ...u, [key]: value }));
  const setAttribute = (key: string, value: string) =>
    update((u) => ({ ...u, attributes: { ...u.attributes, [key]: value } }));

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
      onSaved={onSaved}
      backPath={own ? '/' : '/settings/users'}
    >
      <TextField
        label={t('name')}
        value={item?.name ?? ''}
        onChange={(e) => setField('name', e.target.value)}
        required
        slotProps={{ htmlInput: { 'data-testid': 'user-name' } }}
      />
      <TextField
        label={t('email')}
        type="email"
        value={item?.email ?? ''}
        onChange={(e) => setField('email', e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'user-email' } }}
      />
      <TextField
        label={t('password')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'user-password' } }}
      />
      <TextField
        label={t('phone')}
        value={item?.phone ?? ''}
        onChange={(e) => setField('phone', e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'user-phone' } }}
      />
      <TextField
        select
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
    </EditForm>
  );
}
