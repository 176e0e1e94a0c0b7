import { Checkbox, FormControlLabel } from '@mui/material';
import { DayInput } from '../common/pickers/DateInputs';

/** The "with expiry date" checkbox revealing the expiry date picker (document 3 §2, §4). */
export function ExpiryFields({
  prefix,
  label,
  dateLabel,
  warning,
  date,
  onWarning,
  onDate,
}: {
  prefix: string;
  label: string;
  dateLabel: string;
  warning: boolean;
  date: string;
  onWarning: (on: boolean) => void;
  onDate: (day: string) => void;
}) {
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            checked={warning}
            onChange={(e) => onWarning(e.target.checked)}
            slotProps={{ input: { 'data-testid': `${prefix}-warning` } as object }}
          />
        }
        label={label}
      />
      {warning && (
        <DayInput label={dateLabel} testId={`${prefix}-expiry_date`} value={date} onChange={onDate} />
      )}
    </>
  );
}
