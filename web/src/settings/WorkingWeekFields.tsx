import { Box, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { WEEK_DAYS, WORK_TIME, type WorkingWeek } from '@frota/core';
import { weekOf } from './workingWeek';

/** Working days and hours, free text HH:MM (validated on save); one line per day, two on phones. */
export function WorkingWeekFields({
  value,
  onChange,
}: {
  value: unknown;
  onChange: (week: WorkingWeek) => void;
}) {
  const { t } = useTranslation();
  const week = weekOf(value);
  const set = (key: keyof WorkingWeek, v: string | boolean) => onChange({ ...week, [key]: v });
  // a day off keeps its hours (they come back with the day) but greys them out, unless one needs fixing
  // (every time is checked on saving)
  const time = (key: `${(typeof WEEK_DAYS)[number]}_${'start' | 'end'}`, label: string, off: boolean) => (
    <TextField
      size="small"
      disabled={off && (String(week[key]).trim() === '' || WORK_TIME.test(String(week[key]).trim()))}
      label={label}
      value={week[key]}
      onChange={(e) => set(key, e.target.value)}
      placeholder="HH:MM"
      slotProps={{ htmlInput: { 'data-testid': `week-${key}`, inputMode: 'numeric' } }}
    />
  );
  return (
    <Stack spacing={1} data-testid="working-week">
      <Typography variant="subtitle2">{t('settings.workingWeek')}</Typography>
      {WEEK_DAYS.map((day) => (
        <Box
          key={day}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: '190px 120px 120px' },
            gap: 1,
            alignItems: 'center',
          }}
        >
          <FormControlLabel
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
            control={
              <Switch
                checked={!!week[day]}
                onChange={(e) => set(day, e.target.checked)}
                slotProps={{ input: { 'data-testid': `week-${day}` } as object }}
              />
            }
            label={t(`settings.week.${day}`)}
          />
          {time(`${day}_start`, t('settings.week.start'), !week[day])}
          {time(`${day}_end`, t('settings.week.end'), !week[day])}
        </Box>
      ))}
    </Stack>
  );
}
