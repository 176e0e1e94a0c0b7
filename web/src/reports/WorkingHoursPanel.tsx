import { FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isWorkingTime, WEEK_PARTS, type WeekDay, type WeekPart, type WorkingWeek } from './workingHours';

interface Props {
  week: WorkingWeek;
  onChange: (week: WorkingWeek) => void;
}

/** Working hours: weekdays, saturday and sunday, each with a toggle and HH:MM start and end. */
export function WorkingHoursPanel({ week, onChange }: Props) {
  const { t } = useTranslation();
  const set = (part: WeekPart, change: Partial<WeekDay>) =>
    onChange({ ...week, [part]: { ...week[part], ...change } });
  const timeField = (part: WeekPart, which: 'start' | 'end') => {
    const value = week[part][which];
    const invalid = !isWorkingTime(value);
    return (
      <TextField
        size="small"
        // a day off greys its hours out, unless one needs fixing (every time is checked on running)
        disabled={!week[part].on && !invalid}
        label={t(which === 'start' ? 'reports.start' : 'reports.end')}
        value={value}
        onChange={(event) => set(part, { [which]: event.target.value })}
        error={invalid}
        helperText={invalid ? t('reports.invalidWorkingTime', { value }) : undefined}
        placeholder="HH:MM"
        sx={{ width: 130, '& .MuiFormHelperText-root': { whiteSpace: 'nowrap', mx: 0 } }}
        slotProps={{
          htmlInput: {
            'data-testid': `report-hours-${part}-${which}`,
            inputMode: 'numeric',
            maxLength: 5,
            dir: 'ltr',
          },
        }}
      />
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="report-working-hours">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('reports.workingHours')}
      </Typography>
      <Stack spacing={1.5}>
        {WEEK_PARTS.map((part) => (
          <Stack
            key={part}
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
          >
            <FormControlLabel
              sx={{ minWidth: 200, mt: 0.5 }}
              control={
                <Switch
                  checked={week[part].on}
                  onChange={(event) => set(part, { on: event.target.checked })}
                  slotProps={{ input: { 'data-testid': `report-hours-${part}-on` } as object }}
                />
              }
              label={t(`reports.${part}`)}
            />
            {timeField(part, 'start')}
            {timeField(part, 'end')}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
