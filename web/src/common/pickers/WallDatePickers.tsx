import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { WALL_FORMAT } from '../period/period';

/**
 * Date(-time) pickers over wall-clock texts in the user's timezone. The picker runs in UTC holding that
 * wall clock, so no summer-time rule of the browser's own zone can shift what the user typed. The picker
 * keeps its own value while a typed date is incomplete; the text handed up is '' until it is valid.
 */
interface Props {
  label: string;
  value: string | undefined;
  onChange: (wall: string) => void;
  testId: string;
  /** Date only: the text is `YYYY-MM-DD`. */
  dateOnly?: boolean;
  /** In a form of full-size fields (the refill form): as tall and as wide as they are. */
  formField?: boolean;
}

const toWall = (value: Dayjs | null, dateOnly: boolean): string =>
  value && value.isValid()
    ? value
        .locale('en')
        .utc()
        .format(dateOnly ? 'YYYY-MM-DD' : WALL_FORMAT)
    : '';

export function WallDateTimePicker({
  label,
  value,
  onChange,
  testId,
  dateOnly = false,
  formField = false,
}: Props) {
  const [picked, setPicked] = useState<Dayjs | null>(() => (value ? dayjs.utc(value) : null));
  const change = (next: Dayjs | null) => {
    setPicked(next);
    onChange(toWall(next, dateOnly));
  };
  const textField = {
    size: formField ? ('medium' as const) : ('small' as const),
    fullWidth: formField,
    'data-testid': testId,
    sx: { minWidth: dateOnly ? 170 : 230 },
  };
  return dateOnly ? (
    <DatePicker
      label={label}
      value={picked}
      onChange={change}
      format="DD/MM/YYYY"
      timezone="UTC"
      slotProps={{ textField }}
    />
  ) : (
    <DateTimePicker
      label={label}
      value={picked}
      onChange={change}
      format="DD/MM/YYYY HH:mm:ss"
      ampm={false}
      views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']}
      timezone="UTC"
      slotProps={{ textField }}
    />
  );
}
