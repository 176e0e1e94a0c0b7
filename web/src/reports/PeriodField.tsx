import { useMemo } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../common/formatters';
import {
  monthChoices,
  offeredPresets,
  todayIn,
  yearChoices,
  type Period,
  type PeriodPreset,
  type PeriodValue,
} from '../common/period/period';
import type { PeriodKind } from './reportDefs';
import { WallDateTimePicker } from '../common/pickers/WallDateTimePicker';

interface Props {
  kind: PeriodKind;
  value: PeriodValue;
  onChange: (value: PeriodValue) => void;
  month: string;
  onMonth: (month: string) => void;
  /** The period the choice gives, shown under the selector. */
  period: Period | null;
  timezone: string;
  /** Year presets need the year permission flag. */
  years: boolean;
}

const monthLabel = (month: string, language: string): string =>
  new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );

/** A wall-clock text shown as DD/MM/YYYY HH:mm:ss. */
const shown = (wall: string) => formatDateTime(`${wall.replace(' ', 'T')}Z`, 'UTC');

/**
 * The period selector of document 2 §2.2: presets, a given year, custom date-times, a day, a month, or the
 * cost reports' year selector.
 */
export function PeriodField({ kind, value, onChange, month, onMonth, period, timezone, years }: Props) {
  const { t, i18n } = useTranslation();
  const presets = useMemo(() => offeredPresets(kind, years), [kind, years]);
  const yearList = useMemo(() => yearChoices(timezone), [timezone]);
  const months = useMemo(() => monthChoices(timezone), [timezone]);

  if (kind === 'month') {
    return (
      <TextField
        select
        size="small"
        label={t('reports.month')}
        value={month}
        onChange={(event) => onMonth(event.target.value)}
        // as wide as a month's name, like the other period fields (the form's column would stretch it)
        sx={{ minWidth: 220, alignSelf: { sm: 'flex-start' } }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'report-month' } as object } }}
      >
        {months.map((choice) => (
          <MenuItem key={choice} value={choice} data-testid={`report-month-${choice}`}>
            {monthLabel(choice, i18n.language)}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  if (kind === 'year') {
    // The cost reports' year selector: a given year, or custom dates (up to the report's limit).
    const chooseYear = (choice: string) => {
      if (choice !== 'custom') onChange({ ...value, preset: 'year', year: Number(choice) });
      else if (period)
        onChange({ ...value, preset: 'custom', from: value.from ?? period.from, to: value.to ?? period.to });
      else onChange({ ...value, preset: 'custom' });
    };
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('reports.year')}
          value={value.preset === 'custom' ? 'custom' : String(value.year ?? yearList[0])}
          onChange={(event) => chooseYear(event.target.value)}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'report-year' } as object } }}
        >
          {yearList.map((year) => (
            <MenuItem key={year} value={String(year)} data-testid={`report-year-${year}`}>
              {year}
            </MenuItem>
          ))}
          <MenuItem value="custom" data-testid="report-year-custom">
            {t('reports.preset.custom')}
          </MenuItem>
        </TextField>
        {value.preset === 'custom' && (
          <>
            <WallDateTimePicker
              label={t('reports.from')}
              value={value.from}
              onChange={(from) => onChange({ ...value, from })}
              testId="report-from"
            />
            <WallDateTimePicker
              label={t('reports.to')}
              value={value.to}
              onChange={(to) => onChange({ ...value, to })}
              testId="report-to"
            />
          </>
        )}
        {period && value.preset !== 'custom' && (
          <Typography variant="body2" color="text.secondary" data-testid="report-period-range" dir="ltr">
            {shown(period.from)} – {shown(period.to)}
          </Typography>
        )}
      </Stack>
    );
  }

  const choose = (preset: PeriodPreset) => {
    if (preset === 'custom' && (!value.from || !value.to) && period)
      onChange({ ...value, preset, from: period.from.slice(0, 10) + ' 00:00:00', to: period.to });
    else if (preset === 'customDay' && !value.day) onChange({ ...value, preset, day: todayIn(timezone) });
    else if (preset === 'year' && !value.year) onChange({ ...value, preset, year: yearList[0] });
    else onChange({ ...value, preset });
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('reports.period')}
        value={value.preset}
        onChange={(event) => choose(event.target.value as PeriodPreset)}
        sx={{ minWidth: 200 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'report-period' } as object } }}
      >
        {presets.map((preset) => (
          <MenuItem key={preset} value={preset} data-testid={`report-period-${preset}`}>
            {t(`reports.preset.${preset}`)}
          </MenuItem>
        ))}
      </TextField>
      {value.preset === 'year' && (
        <TextField
          select
          size="small"
          label={t('reports.year')}
          value={value.year ?? yearList[0]}
          onChange={(event) => onChange({ ...value, year: Number(event.target.value) })}
          sx={{ minWidth: 110 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'report-year' } as object } }}
        >
          {yearList.map((year) => (
            <MenuItem key={year} value={year} data-testid={`report-year-${year}`}>
              {year}
            </MenuItem>
          ))}
        </TextField>
      )}
      {value.preset === 'custom' && (
        <>
          <WallDateTimePicker
            label={t('reports.from')}
            value={value.from}
            onChange={(from) => onChange({ ...value, from })}
            testId="report-from"
          />
          <WallDateTimePicker
            label={t('reports.to')}
            value={value.to}
            onChange={(to) => onChange({ ...value, to })}
            testId="report-to"
          />
        </>
      )}
      {value.preset === 'customDay' && (
        <WallDateTimePicker
          label={t('reports.day')}
          value={value.day}
          onChange={(day) => onChange({ ...value, day })}
          testId="report-day"
          dateOnly
        />
      )}
      {period && value.preset !== 'custom' && (
        <Typography variant="body2" color="text.secondary" data-testid="report-period-range" dir="ltr">
          {shown(period.from)} – {shown(period.to)}
        </Typography>
      )}
    </Stack>
  );
}
