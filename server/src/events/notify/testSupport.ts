/** Test helpers: a local HTTP SMS gateway, a logger that keeps its lines, and a small MIME reader. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';

export interface Received {
  path: string;
  contentType: string | undefined;
  body: { to?: string; message?: string };
}

/** Answers `status()` (200 unless changed) to every POST and keeps the JSON bodies. */
export async function startSmsGateway() {
  const received: Received[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
      });
      res.statusCode = status;
      res.end(status < 300 ? '{"ok":true}' : '{"error":"refused"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    answer(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function memoryLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'debug' }, { write: (s: string) => void lines.push(JSON.parse(s)) });
  return { log, lines, text: () => lines.map((l) => JSON.stringify(l)).join('\n') };
}

export interface ReadMail {
  headers: Record<string, string>;
  subject: string;
  to: string;
  cc: string | undefined;
  text: string;
  html: string;
}

const unfold = (s: string) => s.replace(/\r?\n[ \t]+/g, ' ');

function qpBytes(s: string, underscoreIsSpace: boolean): Buffer {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c === '_' && underscoreIsSpace) bytes.push(32);
    else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) back to text. */
export const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      (enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data, true)).toString('utf8'),
    );

function parseHeaders(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of unfold(block).split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at).trim().toLowerCase()] = decodeWords(line.slice(at + 1).trim());
  }
  return out;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '').toLowerCase();
  if (enc === 'quoted-printable') return qpBytes(body, false).toString('utf8');
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain and text/html parts of a (possibly multipart) message, decoded. */
function parts(raw: string): Array<{ type: string; body: string }> {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary)
    return [
      { type: type.split(';')[0].trim(), body: decodeBody(body, headers['content-transfer-encoding']) },
    ];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .flatMap((p) => parts(p.replace(/^\r?\n/, '')));
}

export function readMail(raw: string): ReadMail {
  const headers = parseHeaders(raw.slice(0, raw.search(/\r?\n\r?\n/)));
  const all = parts(raw);
  return {
    headers,
    subject: headers.subject ?? '',
    to: headers.to ?? '',
    cc: headers.cc,
    text: all.find((p) => p.type === 'text/plain')?.body ?? '',
    html: all.find((p) => p.type === 'text/html')?.body ?? '',
  };
}
