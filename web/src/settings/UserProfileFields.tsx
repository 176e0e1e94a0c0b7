import { FormControlLabel, Stack, Switch } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateTimeInput } from './DateInputs';
import type { UserDraft } from './userForm';

interface Props {
  user: UserDraft;
  timezone: string | undefined;
  onChange: (change: Partial<UserDraft>) => void;
}

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
      <DateTimeInput
        label={t('settings.expiration')}
        value={user.expirationTime}
        onChange={(expirationTime) => onChange({ expirationTime })}
        timezone={timezone}
        testId="user-expiration"
      />
    </Stack>
  );
}
