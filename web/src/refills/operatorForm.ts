/** The refill operator form's draft and checks (document 3 §2, §3). */
import { normaliseEmailList } from '@frota/core';
import type { TFunction } from 'i18next';
import type { RefillOperator } from './refillTypes';

export type OperatorDraft = Omit<RefillOperator, 'id'> & { id?: number };

export const newOperator = (): OperatorDraft => ({
  username: '',
  password: '',
  name: '',
  code: '',
  phone: '',
  alert_emails: '',
});

/** The operator form's own checks; the server checks again (unique username, password length). */
export function operatorProblem(operator: OperatorDraft, t: TFunction): string | null {
  if (!operator.username.trim()) return t('refills.usernameRequired');
  if (!operator.id && !operator.password?.trim()) return t('refills.passwordRequired');
  if (!operator.name.trim()) return t('refills.nameRequired');
  if (normaliseEmailList(operator.alert_emails).invalid) return t('refills.emailsInvalid');
  return null;
}

/** The body saved: the password only when one was typed (an edit keeps the stored one otherwise). */
export function operatorBody(operator: OperatorDraft): OperatorDraft {
  const { password, ...rest } = operator;
  return {
    ...rest,
    username: rest.username.trim(),
    name: rest.name.trim(),
    alert_emails: normaliseEmailList(rest.alert_emails).list,
    ...(password?.trim() ? { password } : {}),
  };
}
