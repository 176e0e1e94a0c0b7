import { useState } from 'react';
import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputAdornment,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import type { MaintenanceMode } from '@frota/core';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { sendJson } from '../api/client';
import type { Device } from '../api/types';
import { EditForm } from '../common/EditForm';
import { SUMMARY_PATH, useListVehicle, useVehicle } from '../common/vehicle/currentVehicle';
import {
  setMode,
  settingsPatch,
  settingsDraft,
  settingsProblem,
  type SettingsDraft,
} from './maintenanceSettings';
import { translateMessage } from './messages';
import { VehicleTabs } from '../common/vehicle/VehicleTabs';

/** /management/settings/:id — manual or automatic maintenance of the vehicle (document 3 §2). */
export function MaintenanceSettingsPage() {
  const deviceId = useListVehicle();
  if (deviceId === null) return <Navigate to={SUMMARY_PATH} replace />;
  return (
    <>
      <VehicleTabs deviceId={deviceId} current="settings" />
      <SettingsForm deviceId={deviceId} />
    </>
  );
}

function SettingsForm({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { device, loading } = useVehicle(deviceId);
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const item = draft ?? (device ? settingsDraft(device) : undefined);
  const change = (next: SettingsDraft) => setDraft(next);

  return (
    <EditForm<SettingsDraft>
      title={t('management.tab.settings')}
      endpoint="devices"
      item={item}
      loading={loading}
      validate={(d) => {
        const problem = settingsProblem(d);
        return problem ? translateMessage(t, problem) : null;
      }}
      save={async (d) => {
        if (device) await sendJson<Device>('PATCH', `/api/devices/${device.id}`, settingsPatch(d));
        return d;
      }}
      afterSave={() => {
        setDraft(null);
        // Document 3 §9: toasts last 3 seconds.
        enqueueSnackbar(t('management.settingsSaved'), { variant: 'success', autoHideDuration: 3000 });
      }}
      backPath={`/management/maintenances/${deviceId}`}
    >
      {item && (
        <FormControl>
          <RadioGroup
            value={item.mode}
            onChange={(e) => change(setMode(item, e.target.value as MaintenanceMode))}
          >
            <FormControlLabel
              value="manual"
              control={<Radio slotProps={{ input: { 'data-testid': 'settings-manual' } as object }} />}
              label={t('management.mode.manual')}
            />
            <FormHelperText sx={{ mt: -0.5, mb: 1, ml: 4 }}>{t('management.mode.manualHelp')}</FormHelperText>
            <FormControlLabel
              value="automatic"
              control={<Radio slotProps={{ input: { 'data-testid': 'settings-automatic' } as object }} />}
              label={t('management.mode.automatic')}
            />
            <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{t('management.mode.automaticHelp')}</FormHelperText>
          </RadioGroup>
        </FormControl>
      )}
      {item?.mode === 'automatic' && (
        <TextField
          label={t('management.mode.periodicity')}
          value={item.periodicity}
          onChange={(e) => change({ ...item, periodicity: e.target.value })}
          required
          slotProps={{
            htmlInput: { 'data-testid': 'settings-periodicity', inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">{t('unit.km')}</InputAdornment> },
          }}
        />
      )}
    </EditForm>
  );
}
