import { DEFAULT_OCCUPANCY } from '@frota/core';
import { FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePositions } from '../api/queries';
import type { DeviceDraft } from './deviceForm';
import { protocolName } from './protocolNames';

interface Props {
  device: DeviceDraft;
  setField: <K extends keyof DeviceDraft>(key: K, value: DeviceDraft[K]) => void;
  setAttribute: (key: string, value: unknown) => void;
}

const FUEL_TYPES = ['diesel', 'gasoline', '1'];
const on = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/**
 * Technical details, shown after the first save to users with global.show_gsm: SIM (GSM), hardware,
 * chassis with its dimensions (only when a chassis is set), fuel, occupancy and emissions.
 */
export function DeviceDetailsFields({ device, setField, setAttribute }: Props) {
  const { t } = useTranslation();
  const a = device.attributes;
  // the protocol its tracker speaks, from its last position (blank before it first reports)
  const positions = usePositions(device.id !== undefined);
  const protocol = protocolName(positions.data?.find((p) => p.deviceId === device.id)?.protocol);
  const text = (key: string, label: string, type = 'text', fallback = '') => (
    <TextField
      key={key}
      label={label}
      type={type}
      value={a[key] === undefined || a[key] === null ? fallback : String(a[key])}
      onChange={(e) =>
        setAttribute(
          key,
          type === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value,
        )
      }
      slotProps={{ htmlInput: { 'data-testid': `device-${key}` } }}
      fullWidth
    />
  );
  const flag = (key: string, label: string) => (
    <FormControlLabel
      key={key}
      control={
        <Switch
          checked={on(a[key])}
          onChange={(e) => setAttribute(key, e.target.checked ? 1 : 0)}
          slotProps={{ input: { 'data-testid': `device-${key}` } as object }}
        />
      }
      label={label}
    />
  );
  return (
    <Stack spacing={2} data-testid="device-details">
      <Typography variant="subtitle2">{t('settings.technicalDetails')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('settings.uniqueId')} value={device.uniqueId} disabled fullWidth />
        <TextField
          label={t('settings.protocol')}
          value={protocol || t('settings.noProtocol')}
          disabled
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'device-protocol' } }}
        />
      </Stack>
      <TextField
        label={t('settings.gsm')}
        value={device.phone ?? ''}
        onChange={(e) => setField('phone', e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'device-phone' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('device_type', t('settings.hardwareType'), 'number')}
        {text('chassis', t('settings.chassis'))}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
        {flag('has_canbus', 'CAN-Bus')}
        {flag('has_eco_driving', t('settings.hasEcoDriving'))}
        {flag('has_rag', t('settings.hasRag'))}
        {flag('has_rfid', t('settings.hasRfid'))}
        {flag('has_immobilization', t('settings.hasImmobilization'))}
        {flag('has_camera', t('settings.hasCamera'))}
        {flag('has_passengers', t('settings.hasPassengers'))}
      </Stack>
      {a.chassis ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} data-testid="device-dimensions">
          {text('length', t('settings.length'), 'number')}
          {text('width', t('settings.width'), 'number')}
          {text('height', t('settings.height'), 'number')}
          {text('weight', t('settings.weight'), 'number')}
        </Stack>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('settings.fuel')}
          value={FUEL_TYPES.includes(String(a.fuel_type ?? '')) ? String(a.fuel_type) : ''}
          onChange={(e) => setAttribute('fuel_type', e.target.value === '1' ? 1 : e.target.value)}
          fullWidth
        >
          <MenuItem value="">—</MenuItem>
          <MenuItem value="diesel">{t('settings.fuelDiesel')}</MenuItem>
          <MenuItem value="gasoline">{t('settings.fuelGasoline')}</MenuItem>
          <MenuItem value="1">{t('settings.fuelElectric')}</MenuItem>
        </TextField>
        {text('fuel_tank_capacity', t('settings.tankCapacity'), 'number')}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('occupancy', t('settings.occupancy'), 'number', String(DEFAULT_OCCUPANCY))}
        {text('emissions', t('settings.emissions'), 'number')}
      </Stack>
    </Stack>
  );
}
