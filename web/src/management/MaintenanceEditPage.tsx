import { Checkbox, FormControlLabel, InputAdornment, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useClientDetails } from '../api/queries';
import { DayInput } from '../common/pickers/DateInputs';
import { idOf, useFormVehicle } from '../common/vehicle/currentVehicle';
import {
  maintenanceBody,
  maintenanceDraft,
  maintenanceProblem,
  newMaintenance,
  setComplete,
  type MaintenanceDraft,
} from './maintenanceForm';
import { ManagementForm } from './ManagementForm';
import { useMaintenances } from './managementApi';
import { useToday } from './useToday';
import { useVehicleItem } from './useVehicleItem';

type TextKey =
  'description' | 'km' | 'periodicity_km' | 'hours' | 'periodicity_hours' | 'location' | 'cost' | 'invoice';

/** /management/maintenance/:id? — a maintenance entry of the vehicle (document 3 §2, §3, §4, §5). */
export function MaintenanceEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const deviceId = useFormVehicle();
  const today = useToday();
  const symbol = useClientDetails().data?.currency_symbol;
  const list = useMaintenances(deviceId);
  const { item, update, loading, missing } = useVehicleItem(list, idOf(params.id), maintenanceDraft, () =>
    newMaintenance(today),
  );
  const set = (key: keyof MaintenanceDraft, value: string) => update((d) => ({ ...d, [key]: value }));

  const field = (
    key: TextKey,
    options: { unit?: string; numeric?: boolean; multiline?: boolean; required?: boolean } = {},
  ) => (
    <TextField
      label={t(`management.maintenance.${key}`)}
      value={item?.[key] ?? ''}
      onChange={(e) => set(key, e.target.value)}
      required={options.required}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      fullWidth
      slotProps={{
        htmlInput: {
          'data-testid': `maintenance-${key}`,
          ...(options.numeric ? { inputMode: 'decimal' } : {}),
        },
        input: options.unit
          ? { endAdornment: <InputAdornment position="end">{options.unit}</InputAdornment> }
          : undefined,
      }}
    />
  );

  return (
    <ManagementForm
      kind="maintenance"
      deviceId={deviceId}
      item={item}
      loading={loading}
      missing={missing}
      problem={maintenanceProblem}
      toBody={maintenanceBody}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DayInput
          label={t('management.maintenance.date_start')}
          testId="maintenance-date_start"
          value={item?.date_start}
          onChange={(day) => set('date_start', day)}
          fullWidth
        />
        {item?.complete && (
          <DayInput
            label={t('management.maintenance.date_end')}
            testId="maintenance-date_end"
            value={item.date_end}
            onChange={(day) => set('date_end', day)}
            fullWidth
          />
        )}
      </Stack>
      <FormControlLabel
        control={
          <Checkbox
            checked={!!item?.complete}
            onChange={(e) => update((d) => setComplete(d, e.target.checked, today))}
            slotProps={{ input: { 'data-testid': 'maintenance-complete' } as object }}
          />
        }
        label={t('management.maintenance.complete')}
      />
      {field('description', { multiline: true, required: true })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('km', { unit: t('unit.km'), numeric: true, required: true })}
        {field('periodicity_km', { unit: t('unit.km'), numeric: true })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('hours', { unit: t('unit.h'), numeric: true })}
        {field('periodicity_hours', { unit: t('unit.h'), numeric: true })}
      </Stack>
      {field('location')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('cost', { numeric: true, unit: symbol })}
        {field('invoice')}
      </Stack>
    </ManagementForm>
  );
}
