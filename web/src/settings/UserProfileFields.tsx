import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateTimeInput } from './DateInputs';
import { profileFields, profileOf, USER_PROFILES, type UserDraft, type UserProfile } from './userForm';

interface Props {
  user: UserDraft;
  timezone: string | undefined;
  onChange: (change: Partial<UserDraft>) => void;
}

/** The profile of someone else's account (document 1 §6) and its expiry. */
export function UserProfileFields({ user, timezone, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label={t('settings.profile.title')}
        value={profileOf(user)}
        onChange={(e) => onChange(profileFields(e.target.value as UserProfile))}
        helperText={t(`settings.profile.${profileOf(user)}Help`)}
        sx={{ minWidth: 240 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'user-profile' } as object } }}
      >
        {USER_PROFILES.map((profile) => (
          <MenuItem key={profile} value={profile} data-testid={`user-profile-${profile}`}>
            {t(`settings.profile.${profile}`)}
          </MenuItem>
        ))}
      </TextField>
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
