import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGroups } from '../api/queries';
import { EditForm } from '../common/EditForm';
import { useEditItem } from '../common/useEditItem';
import { newPassengerDraft, passengerBody, validatePassenger, type PassengerDraft } from './passengerForm';

type TextKey = 'name' | 'cardId' | 'phone' | 'notes';

/** /settings/passenger/:id? — a passenger: name, the card the tracker reads, group, phone and notes. */
export function PassengerEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { item, update, loading } = useEditItem<PassengerDraft>('passengers', id, newPassengerDraft);
  const groups = useGroups();

  const textField = (key: TextKey, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={item?.[key] ?? ''}
      onChange={(e) => update((p) => ({ ...p, [key]: e.target.value }))}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `passenger-${key}` } }}
      {...extra}
    />
  );

  return (
    <EditForm<PassengerDraft>
      title={t('route.settings_passenger')}
      endpoint="passengers"
      item={item}
      loading={loading}
      validate={(passenger) => {
        const problem = validatePassenger(passenger);
        return problem ? t(problem.key, { value: problem.value }) : null;
      }}
      toBody={passengerBody}
      backPath="/settings/passengers"
    >
      {textField('name', t('name'), { required: true })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {textField('cardId', t('passengers.card'), { required: true, helperText: t('passengers.cardHelp') })}
        <TextField
          select
          label={t('settings.group')}
          value={String(item?.groupId ?? 0)}
          onChange={(e) => update((p) => ({ ...p, groupId: Number(e.target.value) || null }))}
          fullWidth
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'passenger-group' } as object } }}
        >
          <MenuItem value="0">{t('settings.noGroup')}</MenuItem>
          {(groups.data ?? []).map((g) => (
            <MenuItem key={g.id} value={String(g.id)}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {textField('phone', t('phone'), { type: 'tel' })}
      {textField('notes', t('settings.notes'), { multiline: true, minRows: 2 })}
    </EditForm>
  );
}
