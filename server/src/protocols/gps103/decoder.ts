import { ProtocolDecodeError } from '../framed/codec';
import { decodeAlternative } from './alternative';
import { decodeReport, type Gps103Report } from './report';

/** What one GPS103 frame is. `heartbeat`: the frame began with the IMEI alone, which is answered `ON`. */
export type Gps103Frame =
  | { kind: 'login'; imei: string }
  | { kind: 'heartbeat'; imei: string }
  | { kind: 'report'; imei: string; heartbeat: boolean; report: Gps103Report }
  /** OBD readings and photo chunks: understood, nothing to store */
  | { kind: 'ignored'; imei: string; heartbeat: boolean; layout: 'obd' | 'photo' };

const IMEI = /^\d{5,20}$/;
/** Traccar answers any frame this short that names an IMEI as a login. */
const LOGIN_MAX_CHARS = 30;
const LOGIN_IMEI = /imei:(\d{5,20}),/;

/** The frame's text without surrounding blanks and its `;` or line-break terminator (`*` is kept). */
function frameText(frame: Buffer): string {
  const text = frame.toString('latin1').trim();
  return text.endsWith(';') ? text.slice(0, -1) : text;
}

/**
 * Decodes one frame (as cut by `Gps103Framer`). `now` dates a fix whose device clock is unset.
 * Throws `ProtocolDecodeError` for anything that is not GPS103.
 */
export function decodeFrame(frame: Buffer, now: Date): Gps103Frame {
  let text = frameText(frame);
  if (text.includes('imei:') && text.length <= LOGIN_MAX_CHARS) {
    const m = LOGIN_IMEI.exec(`${text},`);
    if (!m) throw new ProtocolDecodeError('login without an IMEI');
    return { kind: 'login', imei: m[1] };
  }
  let heartbeat = false;
  if (/^\d/.test(text)) {
    const at = text.indexOf('imei:');
    if (at < 0) {
      if (!IMEI.test(text)) throw new ProtocolDecodeError('heartbeat is not an IMEI');
      return { kind: 'heartbeat', imei: text };
    }
    heartbeat = true;
    text = text.slice(at);
  }
  if (!text.startsWith('imei:')) throw new ProtocolDecodeError('not a GPS103 frame');

  const alternative = text.endsWith('*');
  const fields = (alternative ? text.slice(0, -1) : text).split(',');
  const imei = fields[0].slice('imei:'.length);
  if (!IMEI.test(imei)) throw new ProtocolDecodeError('bad IMEI');
  if (fields[1] === 'OBD') return { kind: 'ignored', imei, heartbeat, layout: 'obd' };
  if (fields[1] === 'vr') return { kind: 'ignored', imei, heartbeat, layout: 'photo' };
  const report = alternative ? decodeAlternative(fields) : decodeReport(fields, now);
  return { kind: 'report', imei, heartbeat, report };
}
