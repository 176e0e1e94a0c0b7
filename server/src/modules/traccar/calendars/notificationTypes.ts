/**
 * What Traccar's `/api/notifications/types` and `/notificators` list here: the event types this server
 * raises (Traccar's names, so its clients translate them), and the channels it can deliver through.
 */

/** Event types an alert notification can be made for, in Traccar's order. */
export const NOTIFICATION_TYPES = [
  'commandResult',
  'deviceOnline',
  'deviceOffline',
  'deviceMoving',
  'deviceStopped',
  'deviceOverspeed',
  'deviceFuelDrop',
  'geofenceEnter',
  'geofenceExit',
  'alarm',
  'ignitionOn',
  'ignitionOff',
  'maintenance',
  'driverChanged',
] as const;

export type NotificatorType = 'web' | 'mail' | 'sms';

export interface Channels {
  /** an SMTP server is configured (FROTA_SMTP_URL) */
  mail: boolean;
  /** an SMS gateway is configured (FROTA_SMS_URL) */
  sms: boolean;
}

/**
 * The notificators offered: web always, mail and SMS when configured. Announcements (Traccar's
 * `?announcement=true`) cannot go to the web notificator, which only shows events.
 */
export function notificatorTypes(channels: Channels, announcement = false): NotificatorType[] {
  const out: NotificatorType[] = announcement ? [] : ['web'];
  if (channels.mail) out.push('mail');
  if (channels.sms) out.push('sms');
  return out;
}
