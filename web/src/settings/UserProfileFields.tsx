import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateTimeInput } from '../common/pickers/DateInputs';
import {
  managerByPermission,
  profileFields,
  profileOf,
  profileOffered,
  USER_PROFILES,
  type UserDraft,
  type UserProfile,
} from './userForm';

interface Props {
  user: UserDraft;
  timezone: string | undefined;
  onChange: (change: Partial<UserDraft>) => void;
}

/**
 * The profile of someone else's account (document 1 §6) and its expiry. The profile shown is the one saved:
 * with settings.users granted it is manager and operator is not offered (see userForm).
 */
export function UserProfileFields({ user, timezone, onChange }: Props) {
  const { t } = useTranslation();
  const profile = profileOf(user);
  const help =
    profile === 'manager' && managerByPermission(user)
      ? t('settings.profile.managerByPermission')
      : t(`settings.profile.${profile}Help`);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label={t('settings.profile.title')}
        value={profile}
        onChange={(e) => onChange(profileFields(e.target.value as UserProfile))}
        helperText={help}
        sx={{ minWidth: 240, maxWidth: { sm: 320 } }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'user-profile' } as object } }}
      >
        {USER_PROFILES.map((option) => (
          <MenuItem
            key={option}
            value={option}
            disabled={!profileOffered(user, option)}
            data-testid={`user-profile-${option}`}
          >
            {t(`settings.profile.${option}`)}
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
