import { useState } from 'react';
import { FormControlLabel, InputAdornment, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDrivers, useGeofences, useGroups } from '../api/queries';
import { hasPermission } from '../session/permissions';
import { useSession } from '../session/sessionContext';
import { EditForm } from '../common/EditForm';
import { IdMultiSelect } from '../common/IdSelect';
import { useEditItem } from '../common/useEditItem';
import { MaintenanceModeFields } from '../common/MaintenanceModeFields';
import { CategoryPicker } from './CategoryPicker';
import { DeviceDetailsFields } from './DeviceDetailsFields';
import {
  deviceBody,
  hasRfidBuzzer,
  newDeviceDraft,
  speedLimitText,
  validateDevice,
  type DeviceDraft,
} from './deviceForm';
import { RfidBuzzerSection } from './RfidBuzzerSection';
import { useLinkDraft, useSaveWithLinks } from './settingsApi';
import { WorkingWeekFields } from './WorkingWeekFields';

const on = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/** /settings/device/:id? — a vehicle with its zones, driver and working week (document 1 §6 "Edit forms"). */
export function DeviceEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user } = useSession();
  const { item, update, loading } = useEditItem<DeviceDraft>('devices', id, newDeviceDraft);
  const groups = useGroups();
  const zones = useGeofences();
  const drivers = useDrivers();
  const [zoneIds, setZoneIds, storedZones] = useLinkDraft(id ? `/api/geofences?deviceId=${id}` : null);
  const [driverIds, setDriverIds, storedDrivers] = useLinkDraft(id ? `/api/drivers?deviceId=${id}` : null);
  const [speed, setSpeed] = useState<string | null>(null);
  const saveWithLinks = useSaveWithLinks<DeviceDraft>('devices');

  const setField = <K extends keyof DeviceDraft>(key: K, value: DeviceDraft[K]) =>
    update((d) => ({ ...d, [key]: value }));
  const setAttribute = (key: string, value: unknown) =>
    update((d) => ({ ...d, attributes: { ...d.attributes, [key]: value } }));
  const driverId = driverIds[0];

  const validate = (device: DeviceDraft) => {
    const problem = validateDevice(device);
    return problem ? t(problem.key, { value: problem.value }) : null;
  };

  return (
    <EditForm<DeviceDraft>
      title={t('route.settings_device')}
      endpoint="devices"
      item={item}
      loading={loading}
      validate={validate}
      toBody={(device) => deviceBody(device, speed, driverId)}
      save={(body) =>
        saveWithLinks(
          body,
          { geofences: zoneIds, drivers: driverId ? [driverId] : [] },
          { geofences: storedZones, drivers: storedDrivers },
        )
      }
      backPath="/settings/devices"
    >
      <TextField
        label={t('name')}
        value={item?.name ?? ''}
        onChange={(e) => setField('name', e.target.value)}
        required
        slotProps={{ htmlInput: { 'data-testid': 'device-name' } }}
      />
      {!id && (
        <TextField
          label={t('settings.uniqueId')}
          value={item?.uniqueId ?? ''}
          onChange={(e) => setField('uniqueId', e.target.value)}
          required
          slotProps={{ htmlInput: { 'data-testid': 'device-uniqueId' } }}
        />
      )}
      <TextField
        label={t('settings.licensePlate')}
        value={String(item?.attributes.license_plate ?? '')}
        onChange={(e) => setAttribute('license_plate', e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'device-license_plate' } }}
      />
      <TextField
        label={t('settings.notes')}
        value={item?.contact ?? ''}
        onChange={(e) => setField('contact', e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': 'device-notes' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('settings.model')}
          value={item?.model ?? ''}
          onChange={(e) => setField('model', e.target.value)}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'device-model' } }}
        />
        <TextField
          label={t('settings.speedLimit')}
          value={speed ?? speedLimitText(item)}
          onChange={(e) => setSpeed(e.target.value)}
          fullWidth
          slotProps={{
            htmlInput: { 'data-testid': 'device-speedLimit', inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">{t('unit.kmh')}</InputAdornment> },
          }}
        />
      </Stack>
      <TextField
        select
        label={t('settings.group')}
        value={item?.groupId ? String(item.groupId) : '0'}
        onChange={(e) => setField('groupId', Number(e.target.value))}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'device-group' } as object } }}
      >
        <MenuItem value="0">{t('settings.noGroup')}</MenuItem>
        {(groups.data ?? []).map((g) => (
          <MenuItem key={g.id} value={String(g.id)} data-testid="device-group-option">
            {g.name}
          </MenuItem>
        ))}
      </TextField>
      <CategoryPicker
        value={item?.category || 'car'}
        onChange={(category) => setField('category', category)}
      />
      <IdMultiSelect
        label={t('settings.zones')}
        options={zones.data ?? []}
        value={zoneIds}
        onChange={setZoneIds}
        testId="device-zones"
      />
      <TextField
        select
        label={t('settings.driver')}
        value={driverId ? String(driverId) : '0'}
        onChange={(e) => setDriverIds(Number(e.target.value) ? [Number(e.target.value)] : [])}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'device-driver' } as object } }}
      >
        <MenuItem value="0">{t('settings.noDriver')}</MenuItem>
        {(drivers.data ?? []).map((d) => (
          <MenuItem key={d.id} value={String(d.id)}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
      {item && (
        <WorkingWeekFields value={item.attributes.week} onChange={(week) => setAttribute('week', week)} />
      )}
      {item && <MaintenanceModeFields attributes={item.attributes} setAttribute={setAttribute} />}
      <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
        {(['in_maintenance'] as const).map((key) => (
          <FormControlLabel
            key={key}
            control={
              <Switch
                checked={on(item?.attributes[key])}
                onChange={(e) => setAttribute(key, e.target.checked ? 1 : 0)}
                slotProps={{ input: { 'data-testid': `device-${key}` } as object }}
              />
            }
            label={t(`settings.${key}`)}
          />
        ))}
        <FormControlLabel
          control={
            <Switch
              checked={!item?.disabled}
              onChange={(e) => setField('disabled', !e.target.checked)}
              slotProps={{ input: { 'data-testid': 'device-active' } as object }}
            />
          }
          label={t('settings.active')}
        />
      </Stack>
      {id && item && hasPermission(user, 'global.show_gsm') && (
        <DeviceDetailsFields device={item} setField={setField} setAttribute={setAttribute} />
      )}
      {id && hasRfidBuzzer(item) && <RfidBuzzerSection deviceId={Number(id)} />}
    </EditForm>
  );
}
