import { useMemo, useState, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useTranslation } from 'react-i18next';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES, frFR, ptPT } from '@mui/x-date-pickers/locales';
import { DATE_FORMAT, DEFAULT_TIMEZONE } from '../formatters';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Date fields of the settings forms. Native date inputs follow the browser's locale (MM/DD in an en-US
 * browser) while the lists show DD/MM/YYYY, so these always show and accept DD/MM/YYYY (HH:mm), typed or
 * picked from a calendar in the interface language. The desktop pickers keep the field typeable on phones.
 */

export const DATE_TIME_INPUT_FORMAT = 'DD/MM/YYYY HH:mm';

/**
 * A typed year grows a digit at a time (2, 20, 202, 2025) and each step is a valid date; such early years
 * are not reported, as storing them would round-trip through old timezone offsets and jump the field.
 */
const isComplete = (date: Dayjs): boolean => date.isValid() && date.year() >= 1900;

const PICKER_TEXTS: Record<string, typeof ptPT> = { pt: ptPT, en: enUS, es: esES, fr: frFR };

interface BaseProps {
  label: string;
  testId: string;
  fullWidth?: boolean;
}

function Localized({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language?.slice(0, 2) || 'pt';
  const texts = PICKER_TEXTS[language] ?? enUS;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language}
      localeText={texts.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

/**
 * The picker's value: what is being typed while the stored text stays the same, else the stored date.
 * A controlled picker shows its value again after each change, so a change the form does not store yet
 * (partly typed, or an early year) must be handed back or the field would drop it.
 */
function useTypedDate(
  stored: string | null | undefined,
  toDate: (text: string) => Dayjs,
  report: (date: Dayjs | null) => void,
): [Dayjs | null, (next: Dayjs | null) => void] {
  const date = useMemo(() => {
    const parsed = stored ? toDate(stored) : null;
    return parsed?.isValid() ? parsed : null;
  }, [stored, toDate]);
  const [typed, setTyped] = useState<{ stored: typeof stored; date: Dayjs | null } | null>(null);
  const shown = typed && typed.stored === stored ? typed.date : date;
  const change = (next: Dayjs | null) => {
    setTyped({ stored, date: next });
    if (next === null || isComplete(next)) report(next);
  };
  return [shown, change];
}

const instant = (text: string) => dayjs(text);
const calendarDay = (text: string) => dayjs.utc(text);

const fieldProps = ({ testId, fullWidth }: BaseProps) => ({
  textField: { fullWidth, slotProps: { htmlInput: { 'data-testid': testId } } },
});

/**
 * A stored instant (ISO text) shown and typed as DD/MM/YYYY HH:mm in the user's timezone. Partly typed
 * values are kept by the field and reported only once complete; clearing it reports null.
 */
export function DateTimeInput({
  value,
  onChange,
  timezone: tz,
  ...base
}: BaseProps & {
  value: string | null | undefined;
  onChange: (iso: string | null) => void;
  timezone: string | undefined;
}) {
  // Seconds are not shown, so an edited time has none (the default expiry's 23:59:59.999 is kept untouched).
  const [date, change] = useTypedDate(value, instant, (next) =>
    onChange(next && next.second(0).millisecond(0).toISOString()),
  );
  return (
    <Localized>
      <DesktopDateTimePicker
        label={base.label}
        value={date}
        onChange={change}
        timezone={tz || DEFAULT_TIMEZONE}
        format={DATE_TIME_INPUT_FORMAT}
        ampm={false}
        slotProps={fieldProps(base)}
      />
    </Localized>
  );
}

/** A calendar day (YYYY-MM-DD text, '' for none) shown and typed as DD/MM/YYYY. */
export function DayInput({
  value,
  onChange,
  ...base
}: BaseProps & { value: string | null | undefined; onChange: (day: string) => void }) {
  const [date, change] = useTypedDate(value, calendarDay, (next) =>
    onChange(next ? next.format('YYYY-MM-DD') : ''),
  );
  return (
    <Localized>
      <DesktopDatePicker
        label={base.label}
        value={date}
        onChange={change}
        timezone="UTC"
        format={DATE_FORMAT}
        slotProps={fieldProps(base)}
      />
    </Localized>
  );
}
