import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { sendJson } from '../api/client';
import { useDevices, useGeofences } from '../api/queries';
import { useSession } from '../session/sessionContext';
import { EditForm } from '../common/EditForm';
import { IdMultiSelect } from '../common/IdSelect';
import { useEditItem } from '../common/useEditItem';
import { LinkShare } from './LinkShare';
import {
  historyDate,
  historyDay,
  linkAddress,
  newTemporaryLink,
  validateTemporaryLink,
  type TemporaryLinkDraft,
} from './temporaryLinkForm';
import { DateTimeInput, DayInput } from '../common/pickers/DateInputs';

const ENDPOINT = 'settings/temporary_links';

/**
 * /settings/temporary_link/:id? — a read-only guest access to some vehicles and zones until a date, with
 * optional history; saved with its vehicles and zones in one call. A new link opens its own page after
 * saving, so its address and QR code can be handed over at once.
 */
export function TemporaryLinkEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const tz = typeof user?.attributes.timezone === 'string' ? user.attributes.timezone : undefined;
  const { item, update, loading } = useEditItem<TemporaryLinkDraft>(ENDPOINT, id, () => newTemporaryLink(tz));
  const devices = useDevices();
  const zones = useGeofences();
  const set = (change: Partial<TemporaryLinkDraft>) => update((link) => ({ ...link, ...change }));
  const setAttribute = (key: string, value: unknown) =>
    update((link) => ({ ...link, attributes: { ...link.attributes, [key]: value } }));
  const allowHistory = !!item?.attributes.allowHistory;

  const save = async (body: TemporaryLinkDraft) => {
    const saved = await sendJson<TemporaryLinkDraft>(
      body.id ? 'PUT' : 'POST',
      `/api/${ENDPOINT}${body.id ? `/${body.id}` : ''}`,
      body,
    );
    await queryClient.invalidateQueries({ queryKey: ['temporaryLinks'] });
    return saved;
  };

  return (
    <EditForm<TemporaryLinkDraft>
      title={t('route.settings_temporary_link')}
      endpoint={ENDPOINT}
      item={item}
      loading={loading}
      validate={(link) => {
        const key = validateTemporaryLink(link);
        return key ? t(key) : null;
      }}
      save={save}
      afterSave={
        id ? undefined : (saved) => void navigate(`/settings/temporary_link/${saved.id}`, { replace: true })
      }
      backPath="/settings/temporary_links"
    >
      <TextField
        label={t('name')}
        value={item?.name ?? ''}
        onChange={(e) => set({ name: e.target.value })}
        required
        slotProps={{ htmlInput: { 'data-testid': 'link-name' } }}
      />
      <IdMultiSelect
        label={t('settings.vehicles')}
        options={devices.data ?? []}
        value={item?.deviceIds ?? []}
        onChange={(deviceIds) => set({ deviceIds })}
        testId="link-devices"
      />
      <IdMultiSelect
        label={t('settings.zones')}
        options={zones.data ?? []}
        value={item?.geofenceIds ?? []}
        onChange={(geofenceIds) => set({ geofenceIds })}
        testId="link-zones"
      />
      <DateTimeInput
        label={t('settings.expiration')}
        value={item?.expirationTime}
        onChange={(expirationTime) => set({ expirationTime })}
        timezone={tz}
        testId="link-expiration"
      />
      <FormControlLabel
        control={
          <Switch
            checked={allowHistory}
            onChange={(e) => setAttribute('allowHistory', e.target.checked)}
            slotProps={{ input: { 'data-testid': 'link-allowHistory' } as object }}
          />
        }
        label={t('settings.allowHistory')}
      />
      {allowHistory && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['From', 'To'] as const).map((edge) => (
            <DayInput
              key={edge}
              fullWidth
              label={t(edge === 'From' ? 'settings.historyFrom' : 'settings.historyTo')}
              value={historyDate(item?.attributes[`allowHistory${edge}`], tz)}
              onChange={(day) =>
                setAttribute(`allowHistory${edge}`, historyDay(day, edge === 'From' ? 'start' : 'end', tz))
              }
              testId={`link-history${edge}`}
            />
          ))}
        </Stack>
      )}
      {id && item?.token && <LinkShare address={linkAddress(item.token)} name={item.name} />}
    </EditForm>
  );
}
