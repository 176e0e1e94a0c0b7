import { normaliseEmailList } from './validation';
import { formType, notificatorList, toStoredNotification, type AlertNotification } from './notificationTypes';

export const newNotification = (): AlertNotification => ({
  type: '',
  always: true,
  notificators: 'web',
  attributes: { description: '' },
});

/** A stored notification as the form shows it: type alarm mapped back to its alarm's type. */
export const toFormNotification = (n: AlertNotification): AlertNotification => ({ ...n, type: formType(n) });

/** i18n key and value of the first problem, or null (document 1 §5 "Alert notification"). */
export function validateNotification(n: AlertNotification): { key: string; value?: string } | null {
  if (!notificatorList(n.notificators).length) return { key: 'settings.verifyAlertNotificators' };
  if (!n.type) return { key: 'settings.verifyAlertType' };
  if (notificatorList(n.notificators).includes('mail')) {
    for (const key of ['emailTo', 'emailCc'] as const) {
      const { invalid } = normaliseEmailList(n.attributes[key]);
      if (invalid) return { key: 'settings.invalidEmail', value: invalid };
    }
  }
  return null;
}

/** The body saved: e-mail lists normalised to commas (empty ones removed), alarm types as type alarm. */
export function notificationBody(n: AlertNotification): AlertNotification {
  const attributes = { ...n.attributes };
  for (const key of ['emailTo', 'emailCc'] as const) {
    const { list } = normaliseEmailList(attributes[key]);
    if (list && notificatorList(n.notificators).includes('mail')) attributes[key] = list;
    else delete attributes[key];
  }
  return toStoredNotification({ ...n, attributes });
}
