import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../formatters';

/** A typed year grows a digit at a time (2, 20, 202, 2025); only a four-digit year is a chosen date. */
const dayText = (date: Dayjs | null): string =>
  date && date.isValid() && date.year() >= 1900 ? date.format('YYYY-MM-DD') : '';

type End = 'from' | 'to';

export interface DateRangeValue {
  from: string;
  to: string;
}

export interface DateRangeFieldsProps {
  value: DateRangeValue;
  /** Each change of either day; the screen decides whether the pair applies. */
  onChange: (value: DateRangeValue) => void;
}

/**
 * The two days of the range, DD/MM/YYYY, as calendar days (UTC pickers holding the day, so the browser's
 * own zone cannot move it). A cleared or half-typed day is '' until complete.
 */
export function DateRangeFields({ value, onChange }: DateRangeFieldsProps) {
  const { t } = useTranslation();
  // What each picker holds while typing: shown as long as the day handed up for it is unchanged.
  const [typed, setTyped] = useState<Partial<Record<End, { day: string; date: Dayjs | null }>>>({});
  const shown = (end: End): Dayjs | null => {
    const held = typed[end];
    if (held && held.day === value[end]) return held.date;
    return value[end] ? dayjs.utc(value[end]) : null;
  };
  const change = (end: End) => (date: Dayjs | null) => {
    const day = dayText(date);
    setTyped((previous) => ({ ...previous, [end]: { day, date } }));
    if (day !== value[end]) onChange({ ...value, [end]: day });
  };
  const field = (end: End) => ({
    textField: {
      size: 'small' as const,
      sx: {
        flex: '1 1 0',
        // the whole date and the calendar button: DD/MM/YYYY was cut to DD/MM/YYY at 1440 px
        minWidth: 168,
        maxWidth: 200,
        '& .MuiPickersSectionList-root': { minWidth: 0, overflow: 'hidden' },
      },
      slotProps: { htmlInput: { 'data-testid': `events-${end}` } },
    },
  });
  return (
    <>
      <DesktopDatePicker
        label={t('alerts.from')}
        value={shown('from')}
        onChange={change('from')}
        timezone="UTC"
        format={DATE_FORMAT}
        slotProps={field('from')}
      />
      <DesktopDatePicker
        label={t('alerts.to')}
        value={shown('to')}
        onChange={change('to')}
        timezone="UTC"
        format={DATE_FORMAT}
        slotProps={field('to')}
      />
    </>
  );
}
