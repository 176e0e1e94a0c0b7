import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CUSTOM_DAYS, customDaysValid } from './fileRules';

/** The days between downloads of a Custom schedule (1–365). */
export function CustomDaysDialog({
  initial,
  onSave,
  onCancel,
}: {
  initial: number;
  onSave: (days: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(initial));
  const days = Number(text);
  const valid = customDaysValid(days);
  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth data-testid="tacho-custom-days">
      <DialogTitle>{t('tacho.periodicity.Custom')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          type="number"
          label={t('tacho.customDays')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={!valid}
          helperText={valid ? ' ' : t('tacho.customDaysInvalid', CUSTOM_DAYS)}
          slotProps={{
            htmlInput: {
              min: CUSTOM_DAYS.min,
              max: CUSTOM_DAYS.max,
              'data-testid': 'tacho-custom-days-input',
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button
          variant="contained"
          disabled={!valid}
          onClick={() => onSave(days)}
          data-testid="tacho-custom-days-save"
        >
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
