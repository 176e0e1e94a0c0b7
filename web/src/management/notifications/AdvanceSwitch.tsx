import { Box, FormControlLabel, InputAdornment, Stack, Switch, TextField } from '@mui/material';
import type { AdvanceField } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { fallbackOf, KIND_FIELDS, type NotificationDraft, type NotificationKind } from './notificationForm';

const LABELS: Record<AdvanceField, { label: string; unit: string }> = {
  maintenance_km: { label: 'advanceKm', unit: 'km' },
  maintenance_hours: { label: 'advanceHours', unit: 'h' },
  cost_days: { label: 'advanceDays', unit: 'd' },
  document_days: { label: 'advanceDays', unit: 'd' },
  communication_hours: { label: 'communicationAdvance', unit: 'h' },
};

interface Props {
  kind: NotificationKind;
  draft: NotificationDraft;
  update: (change: (draft: NotificationDraft) => NotificationDraft) => void;
}

/** A kind's switch; when on, its advance fields (empty: the fallback of §5, shown as the placeholder). */
export function AdvanceSwitch({ kind, draft, update }: Props) {
  const { t } = useTranslation();
  const on = draft[kind];
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(e) => update((d) => ({ ...d, [kind]: e.target.checked }))}
            slotProps={{ input: { 'data-testid': `maintenance-notification-${kind}` } as object }}
          />
        }
        label={t(`management.notifications.${kind}`)}
      />
      {on && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, ml: { sm: 6 } }}>
          {KIND_FIELDS[kind].map((field) => (
            <TextField
              key={field}
              label={t(`management.notifications.${LABELS[field].label}`)}
              value={draft[field]}
              onChange={(e) => update((d) => ({ ...d, [field]: e.target.value }))}
              placeholder={String(fallbackOf(field))}
              fullWidth
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': `maintenance-notification-${field}`, inputMode: 'decimal' },
                input: {
                  endAdornment: <InputAdornment position="end">{t(`unit.${LABELS[field].unit}`)}</InputAdornment>,
                },
              }}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
