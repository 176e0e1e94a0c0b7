import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { periodicityOf, scheduleText } from './fileRules';
import { PERIODICITIES, type Periodicity, type TachoFile } from './tachoTypes';

/**
 * The schedule column's editor: how often the entity's files are downloaded (document 3 §3). Custom is
 * handed to `onCustom` (which asks for the days), also when it is already the choice.
 */
export function ScheduleSelect({
  file,
  disabled,
  onChange,
  onCustom,
}: {
  file: TachoFile;
  disabled?: boolean;
  onChange: (value: Exclude<Periodicity, 'Custom'>) => void;
  onCustom: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      variant="standard"
      size="small"
      value={periodicityOf(file)}
      disabled={disabled}
      onChange={(event) => {
        const value = event.target.value as Periodicity;
        if (value !== 'Custom') onChange(value);
      }}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      fullWidth
      sx={{ alignSelf: 'center', '& .MuiSelect-select': { py: 0.25 } }}
      slotProps={{
        select: { renderValue: () => scheduleText(t, file) },
        input: { disableUnderline: true, sx: { fontSize: 14 } },
        htmlInput: { 'data-testid': 'tacho-schedule', 'aria-label': t('tacho.schedule') },
      }}
    >
      {PERIODICITIES.map((p) => (
        <MenuItem
          key={p}
          value={p}
          data-testid="tacho-schedule-option"
          data-value={p}
          onClick={p === 'Custom' ? onCustom : undefined}
        >
          {t(`tacho.periodicity.${p}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
