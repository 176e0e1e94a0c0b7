import { COST_TYPES } from '@frota/core';
import { InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useClientDetails } from '../api/queries';
import { DayInput } from '../common/pickers/DateInputs';
import { costBody, costDraft, costProblem, newCost, type CostDraft } from './costForm';
import { idOf, useFormVehicle } from '../common/vehicle/currentVehicle';
import { ExpiryFields } from './ExpiryFields';
import { ManagementForm } from './ManagementForm';
import { useCosts } from './managementApi';
import { useToday } from './useToday';
import { useVehicleItem } from './useVehicleItem';

/** /management/cost/:id? — a cost of the vehicle (document 3 §2, §3, §4, §5). */
export function CostEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const deviceId = useFormVehicle();
  const today = useToday();
  const details = useClientDetails();
  const list = useCosts(deviceId);
  const { item, update, loading, missing } = useVehicleItem(
    list,
    idOf(params.id),
    (cost) => costDraft(cost, today),
    () => newCost(today),
  );
  const set = <K extends keyof CostDraft>(key: K, value: CostDraft[K]) =>
    update((d) => ({ ...d, [key]: value }));
  const symbol = details.data?.currency_symbol;

  const field = (key: 'entity' | 'designation' | 'invoice', multiline = false) => (
    <TextField
      label={t(`management.cost.${key}`)}
      value={item?.[key] ?? ''}
      onChange={(e) => set(key, e.target.value)}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      required={key === 'designation'}
      slotProps={{ htmlInput: { 'data-testid': `cost-${key}` } }}
    />
  );

  return (
    <ManagementForm
      kind="cost"
      deviceId={deviceId}
      item={item}
      loading={loading}
      missing={missing}
      problem={costProblem}
      toBody={costBody}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DayInput
          label={t('management.cost.cost_date')}
          testId="cost-cost_date"
          value={item?.cost_date}
          onChange={(day) => set('cost_date', day)}
          fullWidth
        />
        <TextField
          select
          label={t('management.cost.cost_type')}
          value={item?.cost_type ?? ''}
          onChange={(e) => set('cost_type', e.target.value)}
          required
          fullWidth
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'cost-cost_type' } as object } }}
        >
          {COST_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`management.costType.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {field('entity', true)}
      {field('designation', true)}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('invoice')}
        <TextField
          label={t('management.cost.cost')}
          value={item?.cost ?? ''}
          onChange={(e) => set('cost', e.target.value)}
          required
          fullWidth
          slotProps={{
            htmlInput: { 'data-testid': 'cost-cost', inputMode: 'decimal' },
            input: symbol
              ? { endAdornment: <InputAdornment position="end">{symbol}</InputAdornment> }
              : undefined,
          }}
        />
      </Stack>
      <ExpiryFields
        prefix="cost"
        label={t('management.cost.warning')}
        dateLabel={t('management.cost.expiry_date')}
        warning={!!item?.warning}
        date={item?.expiry_date ?? ''}
        onWarning={(on) => set('warning', on)}
        onDate={(day) => set('expiry_date', day)}
      />
    </ManagementForm>
  );
}
