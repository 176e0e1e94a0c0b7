/** Outgoing e-mail through FROTA_SMTP_URL; without it each message's recipient and subject are logged. */
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { HttpError } from '../errors';

/** A person's "send by e-mail" on a server with no FROTA_SMTP_URL: refused, so no screen says it was sent. */
export const MAIL_NOT_CONFIGURED = 'Este servidor não tem e-mail configurado: nada foi enviado';

/** Refuses (503) a send a person asked for when the server has no mail server to send it through. */
export function assertMailConfigured(mailer: Mailer): void {
  if (!mailer.enabled) throw new HttpError(503, MAIL_NOT_CONFIGURED);
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  cc?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType?: string }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly enabled: boolean;
}

export function createMailer(smtpUrl: string | undefined, from: string, log: Logger): Mailer {
  if (!smtpUrl) {
    return {
      enabled: false,
      async send(m) {
        // the text may hold a password recovery link: only who and what reach the log
        log.info({ to: m.to, subject: m.subject }, 'mail (no FROTA_SMTP_URL set, not sent)');
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    enabled: true,
    async send(m) {
      await transport.sendMail({ from, ...m });
    },
  };
}
