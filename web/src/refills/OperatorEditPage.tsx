import { TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditForm } from '../common/EditForm';
import { fetchOperator, refillKeys, saveSettingsItem } from './refillsApi';
import { newOperator, operatorBody, operatorProblem, type OperatorDraft } from './operatorForm';
import { useSettingsItem } from './useSettingsItem';

/** /settings/refill_operator/:id? — username, password, name, code, phone and alert e-mails. */
export function OperatorEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const queryClient = useQueryClient();
  const { item, update, loading } = useSettingsItem<OperatorDraft>(
    refillKeys.operators,
    id,
    fetchOperator,
    newOperator,
  );
  const text = (key: keyof OperatorDraft, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={(item?.[key] as string | undefined) ?? ''}
      onChange={(e) => update({ [key]: e.target.value })}
      slotProps={{ htmlInput: { 'data-testid': `operator-${key}` } }}
      {...extra}
    />
  );
  return (
    <EditForm<OperatorDraft>
      title={t('route.refill_operator')}
      endpoint="refillOperators"
      item={item}
      loading={loading}
      validate={(operator) => operatorProblem(operator, t)}
      toBody={operatorBody}
      save={async (body) => {
        const saved = await saveSettingsItem('refill_operators', body);
        await queryClient.invalidateQueries({ queryKey: refillKeys.operators });
        return saved;
      }}
      backPath="/settings/refill_operators"
    >
      {text('username', t('refills.username'), { required: true, autoComplete: 'off' })}
      {text('password', t('refills.password'), {
        type: 'password',
        required: !id,
        autoComplete: 'new-password',
        helperText: id ? t('refills.passwordKeep') : undefined,
      })}
      {text('name', t('refills.name'), { required: true })}
      {text('code', t('refills.code'))}
      {text('phone', t('refills.phone'))}
      {text('alert_emails', t('refills.alertEmails'), { multiline: true, minRows: 2 })}
    </EditForm>
  );
}
