import { formAlertType, notificationEmailLists, storedAlertType } from '@frota/core';
import { notificatorList, type AlertNotification } from './notificationTypes';

export const newNotification = (): AlertNotification => ({
  type: '',
  always: true,
  notificators: 'web',
  attributes: { description: '' },
});

/** A stored notification as the form shows it: type alarm mapped back to its alarm's type. */
export const toFormNotification = (n: AlertNotification): AlertNotification => ({
  ...n,
  type: formAlertType(n.type, n.attributes),
});

const usesMail = (n: AlertNotification) => notificatorList(n.notificators).includes('mail');

/** i18n key and value of the first problem, or null (document 1 §5 "Alert notification"). */
export function validateNotification(n: AlertNotification): { key: string; value?: string } | null {
  if (!notificatorList(n.notificators).length) return { key: 'settings.verifyAlertNotificators' };
  if (!n.type) return { key: 'settings.verifyAlertType' };
  const { invalid } = notificationEmailLists(n.attributes, usesMail(n));
  return invalid === null ? null : { key: 'settings.invalidEmail', value: invalid };
}

/** The body saved, as the server stores it: e-mail lists normalised (dropped without mail), alarms as type alarm. */
export function notificationBody(n: AlertNotification): AlertNotification {
  const { attributes } = notificationEmailLists(n.attributes, usesMail(n));
  return { ...n, ...storedAlertType(n.type, attributes) };
}
