import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from './rules';

/** The period filter of the per-vehicle lists: the whole history, months, up to 5 years (document 3 §2). */
export function PeriodSelect({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('management.period')}
      value={value}
      onChange={(e) => onChange(e.target.value as Period)}
      sx={{ minWidth: 140 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'management-period' } as object } }}
    >
      {PERIODS.map((period) => (
        <MenuItem key={period} value={period} data-testid="management-period-option">
          {t(`management.periods.${period}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
