import { ProtocolDecodeError, type PositionFix } from '../framed/codec';
import { parseTextLbs } from './textLbs';
import { parseTextPosition } from './textPosition';

/** What a text frame is, as the codec acts on it. `uniqueId` is undefined when the id field is empty. */
export type TextReport =
  | { kind: 'position'; uniqueId?: string; type: string; fix?: PositionFix; result?: string }
  | { kind: 'lbs'; uniqueId?: string; type: string; time: Date; attributes: Record<string, unknown> }
  | { kind: 'heartbeat'; uniqueId?: string; type: string; echo: string }
  | { kind: 'sms'; uniqueId?: string; text: string }
  | { kind: 'other'; uniqueId?: string; type: string };

const HEADER = /^([A-Za-z]{2}),(\d*),([^,]*)/;

/** Frame types answered by echoing the frame's head (heartbeats). */
const HEARTBEATS = new Set(['HTBT', 'V0']);
/** Frame types without coordinates, reported at the connection's last fix. */
const LBS = new Set(['NBR', 'LINK', 'V3']);

/**
 * A text frame `*XX,<id>,<type>,...#` (XX: the maker, `HQ` mostly). A frame that is not of that shape
 * is not H02 (ProtocolDecodeError); a well-formed frame of a type not used here is `other`.
 */
export function decodeText(frame: Buffer, now: Date): TextReport {
  const sentence = frame.toString('latin1').trim();
  if (!sentence.startsWith('*') || !sentence.endsWith('#')) throw new ProtocolDecodeError('not a text frame');
  if (/[^\t\r\n\x20-\x7e]/.test(sentence)) throw new ProtocolDecodeError('text frame with binary bytes');
  const body = sentence.slice(1, -1);
  const header = HEADER.exec(body);
  if (!header) throw new ProtocolDecodeError('text frame without maker, id and type');
  const [head, maker, id, type] = header;
  const uniqueId = id === '' ? undefined : id;
  if (type === 'SMS') return { kind: 'sms', uniqueId, text: body.slice(head.length + 1) };
  if (HEARTBEATS.has(type)) return { kind: 'heartbeat', uniqueId, type, echo: `*${maker},${id},${type}#` };
  const fields = body.split(',');
  if (LBS.has(type)) return { kind: 'lbs', uniqueId, type, ...parseTextLbs(fields, now) };
  if (/^V/i.test(type)) return { kind: 'position', uniqueId, type, ...parseTextPosition(fields, now) };
  return { kind: 'other', uniqueId, type };
}
