import { useState } from 'react';
import { maintenanceMode, maintenancePeriodicity, parseAmount, type MaintenanceMode } from '@frota/core';
import { InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The vehicle form's maintenance mode (issue 17 point 3, document 3 §3, §4): manual or automatic saved as
 * `automaticMaintenance`, with the km periodicity `automaticMaintenancePeriodicity` when automatic;
 * choosing manual removes the periodicity.
 */
export function MaintenanceModeFields({
  attributes,
  setAttribute,
}: {
  attributes: Record<string, unknown>;
  setAttribute: (key: string, value: unknown) => void;
}) {
  const { t } = useTranslation();
  const mode = maintenanceMode(attributes);
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? String(maintenancePeriodicity(attributes) ?? '');

  const changeMode = (next: MaintenanceMode) => {
    setAttribute('automaticMaintenance', next);
    if (next === 'manual') {
      setAttribute('automaticMaintenancePeriodicity', undefined);
      setTyped(null);
    }
  };
  const changePeriodicity = (text: string) => {
    setTyped(text);
    const km = parseAmount(text);
    setAttribute('automaticMaintenancePeriodicity', km === null ? undefined : Number.isNaN(km) ? text : km);
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label={t('management.summary.maintenance_type')}
        value={mode}
        onChange={(e) => changeMode(e.target.value as MaintenanceMode)}
        fullWidth
        slotProps={{
          select: { SelectDisplayProps: { 'data-testid': 'device-automaticMaintenance' } as object },
        }}
      >
        <MenuItem value="manual">{t('management.mode.manual')}</MenuItem>
        <MenuItem value="automatic">{t('management.mode.automatic')}</MenuItem>
      </TextField>
      {mode === 'automatic' && (
        <TextField
          label={t('management.mode.periodicity')}
          value={shown}
          onChange={(e) => changePeriodicity(e.target.value)}
          fullWidth
          slotProps={{
            htmlInput: { 'data-testid': 'device-automaticMaintenancePeriodicity', inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">{t('unit.km')}</InputAdornment> },
          }}
        />
      )}
    </Stack>
  );
}
