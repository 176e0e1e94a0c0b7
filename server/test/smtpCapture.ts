/** A real SMTP server on loopback that keeps every message it receives (tests only). */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /**
   * Resolves with the first mail (of those received so far or the next ones) that `match` accepts: tried
   * now and on every mail received, no timer polling. Rejects after `timeoutMs`.
   */
  mail(match: (mail: CapturedMail) => boolean, what?: string, timeoutMs?: number): Promise<CapturedMail>;
  /** Resolves once `check` holds, tried now and on every mail received; rejects after `timeoutMs`. */
  until(check: () => boolean, what?: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const waiter of [...waiters]) waiter();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const until: SmtpCapture['until'] = (check, what = 'a mail', timeoutMs = 15_000) =>
    new Promise<void>((resolve, reject) => {
      const waiter = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`timed out waiting for ${what} (${mails.length} mails received)`));
      }, timeoutMs);
      waiters.add(waiter);
      waiter();
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    until,
    mail: async (match, what = 'a matching mail', timeoutMs) => {
      await until(() => mails.some(match), what, timeoutMs);
      return mails.find(match)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft breaks so links can be read from the raw message. */
export const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
