import { Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FieldDef, FieldValues } from './reportDefs';

interface Props {
  fields: FieldDef[];
  values: FieldValues;
  onChange: (values: FieldValues) => void;
}

/** The extra configurable fields of a report (texts, checkboxes, selects) in their given order. */
export function OptionFields({ fields, values, onChange }: Props) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  const set = (field: FieldDef, value: string | number | boolean) =>
    onChange({ ...values, [field.key]: value });
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {fields.map((field) => {
        const testId = `report-field-${field.key}`;
        if (field.options)
          return (
            <TextField
              key={field.key}
              select
              size="small"
              label={t(field.label)}
              value={Number(values[field.key] ?? field.default)}
              onChange={(event) => set(field, Number(event.target.value))}
              sx={{ minWidth: 220 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
            >
              {field.options.map((option) => (
                <MenuItem key={option.value} value={option.value} data-testid={`${testId}-${option.value}`}>
                  {t(option.label)}
                </MenuItem>
              ))}
            </TextField>
          );
        if (typeof field.default === 'boolean')
          return (
            <FormControlLabel
              key={field.key}
              control={
                <Checkbox
                  checked={!!values[field.key]}
                  onChange={(event) => set(field, event.target.checked)}
                  slotProps={{ input: { 'data-testid': testId } as object }}
                />
              }
              label={t(field.label)}
            />
          );
        return (
          <TextField
            key={field.key}
            size="small"
            label={t(field.label)}
            value={String(values[field.key] ?? '')}
            onChange={(event) => set(field, event.target.value)}
            sx={{ width: { xs: '100%', sm: 260 } }}
            slotProps={{
              htmlInput: {
                'data-testid': testId,
                ...(field.numeric ? { inputMode: 'decimal', type: 'number', min: 0 } : {}),
              },
            }}
          />
        );
      })}
    </Stack>
  );
}
