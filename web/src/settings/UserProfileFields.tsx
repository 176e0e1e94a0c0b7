import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import type { UserDraft } from './userForm';

interface Props {
  user: UserDraft;
  timezone: string | undefined;
  onChange: (change: Partial<UserDraft>) => void;
}

const LOCAL = 'YYYY-MM-DDTHH:mm';

/** A stored time as the text of a datetime-local field in the editor's timezone, and back. */
export const toLocalInput = (iso: string | null | undefined, tz = DEFAULT_TIMEZONE): string =>
  iso ? dayjs(iso).tz(tz).format(LOCAL) : '';
export const fromLocalInput = (text: string, tz = DEFAULT_TIMEZONE): string | null =>
  text ? dayjs.tz(text, LOCAL, tz).toISOString() : null;

/** Profile switches (can log in, can make changes) and the expiry of someone else's account. */
export function UserProfileFields({ user, timezone, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              checked={!user.disabled}
              onChange={(e) => onChange({ disabled: !e.target.checked })}
              slotProps={{ input: { 'data-testid': 'user-canLogin' } as object }}
            />
          }
          label={t('settings.canLogin')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={!user.readonly}
              onChange={(e) => onChange({ readonly: !e.target.checked })}
              slotProps={{ input: { 'data-testid': 'user-canMakeChanges' } as object }}
            />
          }
          label={t('settings.canMakeChanges')}
        />
      </Stack>
      <TextField
        label={t('settings.expiration')}
        type="datetime-local"
        value={toLocalInput(user.expirationTime, timezone)}
        onChange={(e) => onChange({ expirationTime: fromLocalInput(e.target.value, timezone) })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'user-expiration' } }}
      />
    </Stack>
  );
}
