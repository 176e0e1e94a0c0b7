/** Reading the daily maintenance e-mails the SMTP capture received: decoded subject and plain text. */
import { decodeQp, type CapturedMail } from '../../../smtpCapture';

const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');
/** No-break spaces of number grouping read as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/** The Subject header, its RFC 2047 encoded words decoded. */
export function mailSubject(mail: CapturedMail): string {
  const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const value = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
  const words = value.replace(/\?=\s+=\?/g, '?==?');
  return plain(
    words.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : utf8(decodeQp(text.replace(/_/g, ' '))),
    ),
  );
}

/** The text/plain part, decoded. */
export function mailText(mail: CapturedMail): string {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(mail.raw)?.[1];
  const parts = boundary ? mail.raw.split(`--${boundary}`) : [mail.raw];
  const part = parts.find((p) => /Content-Type: text\/plain/i.test(p)) ?? '';
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head))
    return plain(Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8'));
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) return plain(utf8(decodeQp(body)));
  return plain(body);
}
