import { useMemo } from 'react';
import { Autocomplete, Button, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Device } from '../api/types';
import type { Period, PeriodPreset, PeriodValue } from '../common/period/period';
import { WallDateTimePicker } from '../common/pickers/WallDateTimePicker';
import { REPLAY_PRESETS } from './replayPeriod';

interface Props {
  devices: Device[];
  deviceId: number | null;
  onDevice: (id: number | null) => void;
  period: PeriodValue;
  onPeriod: (value: PeriodValue) => void;
  /** the period the choice gives (null: custom and incomplete) */
  computed: Period | null;
  loading: boolean;
  onQuery: () => void;
}

/** Vehicle, period (custom reveals from and to) and the query button with its spinner. */
export function ReplayQueryForm({
  devices,
  deviceId,
  onDevice,
  period,
  onPeriod,
  computed,
  loading,
  onQuery,
}: Props) {
  const { t } = useTranslation();
  const sorted = useMemo(() => [...devices].sort((a, b) => a.name.localeCompare(b.name)), [devices]);
  const chosen = sorted.find((device) => device.id === deviceId) ?? null;
  const choose = (preset: PeriodPreset) =>
    onPeriod(
      preset === 'custom' && (!period.from || !period.to) && computed
        ? { preset, from: `${computed.from.slice(0, 10)} 00:00:00`, to: computed.to }
        : { ...period, preset },
    );
  return (
    <Stack spacing={1.5}>
      <Autocomplete
        size="small"
        options={sorted}
        value={chosen}
        onChange={(_, device) => onDevice(device?.id ?? null)}
        getOptionLabel={(device) => device.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderOption={({ key, ...props }, device) => (
          <li key={key} {...props} data-testid="replay-device-option" data-device-id={device.id}>
            {device.name}
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('replay.device')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'replay-device' },
            }}
          />
        )}
      />
      <TextField
        select
        size="small"
        label={t('reports.period')}
        value={period.preset}
        onChange={(event) => choose(event.target.value as PeriodPreset)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'replay-period' } as object } }}
      >
        {REPLAY_PRESETS.map((preset) => (
          <MenuItem key={preset} value={preset} data-testid={`replay-period-${preset}`}>
            {t(`reports.preset.${preset}`)}
          </MenuItem>
        ))}
      </TextField>
      {period.preset === 'custom' && (
        <>
          <WallDateTimePicker
            label={t('reports.from')}
            value={period.from}
            onChange={(from) => onPeriod({ ...period, from })}
            testId="replay-from"
          />
          <WallDateTimePicker
            label={t('reports.to')}
            value={period.to}
            onChange={(to) => onPeriod({ ...period, to })}
            testId="replay-to"
          />
        </>
      )}
      <Button
        variant="contained"
        onClick={onQuery}
        disabled={loading || deviceId === null || computed === null}
        data-testid="replay-query"
        startIcon={
          loading ? <CircularProgress size={18} color="inherit" data-testid="replay-loading" /> : undefined
        }
      >
        {t('replay.query')}
      </Button>
    </Stack>
  );
}
