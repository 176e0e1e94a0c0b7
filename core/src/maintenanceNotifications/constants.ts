/** Daily maintenance notifications (document 3 §3, §5, §9): defaults, empty-field fallbacks, messages. */

/** A new notification's advance values (§3, §9). */
export const NOTIFICATION_DEFAULTS = {
  maintenance_km: 5000,
  maintenance_hours: 250,
  cost_days: 30,
  document_days: 30,
  communication_hours: 24,
} as const;

/** What an empty advance field becomes when saved (§5). */
export const NOTIFICATION_FALLBACKS = {
  maintenance_km: 1000,
  maintenance_hours: 250,
  cost_days: 30,
  document_days: 30,
  communication_hours: 24,
} as const;

export type AdvanceField = keyof typeof NOTIFICATION_DEFAULTS;

/** The form's messages (§5), verbatim; the server answers them as 400 text. */
export const NOTIFICATION_MESSAGES = {
  emailsRequired: 'Deve indicar os emails para notificação',
  emailInvalid: 'Email inválido',
  kmHoursInvalid: 'Km/horas inválidos',
  daysInvalid: 'Dias inválidos',
  hoursInvalid: 'Horas inválidas',
} as const;

/** The local hour (in the notification owner's timezone) from which the day's e-mail is sent. */
export const NOTIFICATION_SEND_HOUR = 8;
