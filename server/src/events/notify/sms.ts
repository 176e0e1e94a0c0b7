/**
 * Alert SMS through an HTTP gateway (FROTA_SMS_URL): POST {to, message} as JSON. Without a gateway the
 * message is logged. Only numeric phones get SMS (document 1 §4, document 3 "SMS is restricted...").
 */
import type { Logger } from 'pino';
import type { EventContext } from '../../processing/types';
import { eventFacts, readerOf, vehicleLabel } from './eventText';
import { mailTexts } from './mailTexts';

export interface SmsSender {
  readonly enabled: boolean;
  send(to: string, message: string): Promise<void>;
}

const TIMEOUT_MS = 10_000;

/** Digits with an optional leading +, as the web form requires before it offers SMS. */
export const isNumericPhone = (phone: string | null | undefined): phone is string =>
  typeof phone === 'string' && /^\+?\d+$/.test(phone.trim());

/** `log` records the messages of a sender without a gateway. */
export function createSmsSender(url: string | undefined, log: Pick<Logger, 'info'>): SmsSender {
  if (!url) {
    return {
      enabled: false,
      async send(to, message) {
        log.info({ to, message }, 'sms (no FROTA_SMS_URL set, not sent)');
      },
    };
  }
  return {
    enabled: true,
    async send(to, message) {
      if (!isNumericPhone(to)) throw new Error('SMS needs a numeric phone');
      // the gateway address may carry a key: it is never put in errors or logs
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: to.trim(), message }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/** One short line in the recipient's language: title, vehicle and plate, local time, speed, zone, map link. */
export function renderEventSms(ctx: EventContext, userAttributes?: Record<string, unknown>): string {
  const reader = readerOf(userAttributes);
  const f = eventFacts(ctx, reader);
  const t = mailTexts(reader.language);
  return [
    t('labelled', { label: f.title, value: vehicleLabel(f) }),
    f.time,
    f.speed,
    f.zone ? `${t('zone')} ${f.zone}` : null,
    f.link,
  ]
    .filter(Boolean)
    .join(' - ');
}
