import { useState } from 'react';
import {
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { sendJson } from '../api/client';
import { NOTIFICATION_SOUNDS, playSound, soundName } from '../api/sounds';
import type { User } from '../api/types';
import { useSession } from '../session/sessionContext';
import { EditForm } from '../common/EditForm';
import { useEditItem } from '../common/useEditItem';
import { interfacePatch, MAP_TOGGLES, toggleShown } from './interfaceSettings';

export { MAP_TOGGLES } from './interfaceSettings';

/** /settings/interface/:id? — map toggles and the notification sound of one's own user (document 1 §6). */
export function InterfacePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user, setUser } = useSession();
  const userId = id ?? String(user?.id ?? '');
  const { item, update, loading } = useEditItem<User>('users', userId, () => user as User);
  const [played, setPlayed] = useState(false);
  // The switches show what this screen's map does (grouping is on by default on a phone).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const set = (key: string, value: unknown) =>
    update((u) => {
      const attributes = { ...u.attributes, [key]: value };
      // Zone names are shown only with the zones.
      if (key === 'map_showGeofences' && !value) attributes.map_showGeofenceNames = false;
      return { ...u, attributes };
    });
  const sound = soundName(item?.attributes.notification_sound);

  return (
    <EditForm<User>
      title={t('route.interface')}
      endpoint="users"
      item={item}
      loading={loading}
      save={(body) => sendJson<User>('PATCH', `/api/users/${body.id}`, interfacePatch(body))}
      onSaved={(saved) => {
        if (user && saved.id === user.id) setUser({ ...user, attributes: { ...saved.attributes } });
      }}
      backPath="/"
    >
      {MAP_TOGGLES.map((key) => (
        <FormControlLabel
          key={key}
          disabled={key === 'map_showGeofenceNames' && !(item && toggleShown(item, 'map_showGeofences'))}
          control={
            <Switch
              checked={item ? toggleShown(item, key, phone) : false}
              onChange={(e) => set(key, e.target.checked)}
              slotProps={{ input: { 'data-testid': `interface-${key}` } as object }}
            />
          }
          label={t(`settings.interface.${key}`)}
        />
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          fullWidth
          label={t('settings.notificationSound')}
          value={sound}
          onChange={(e) => set('notification_sound', e.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'interface-sound' } as object } }}
        >
          {NOTIFICATION_SOUNDS.map((name) => (
            <MenuItem key={name} value={name} data-testid={`sound-${name}`}>
              {t(`settings.sound.${name}`)}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip title={t('settings.playSound')}>
          <IconButton
            onClick={() => {
              playSound(sound);
              setPlayed(true);
            }}
            aria-label={t('settings.playSound')}
            data-testid="interface-play"
            data-played={played ? 'true' : 'false'}
            color="primary"
          >
            <PlayArrowIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </EditForm>
  );
}
