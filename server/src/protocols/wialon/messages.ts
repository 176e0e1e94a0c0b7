import { ProtocolDecodeError, type DecodedMessage, type PositionFix } from '../framed/codec';
import {
  BLACK_BOX_REJECTED,
  blackBoxAnswer,
  dataAnswer,
  LOGIN_ACCEPTED,
  LOGIN_BAD_CHECKSUM,
  LOGIN_REFUSED,
  messageAnswer,
  PING_ANSWER,
} from './answers';
import { checkTrailingCrc } from './crc';
import { decodeRecord, FULL_FIELDS, SHORT_FIELDS } from './data';
import { decodeLogin } from './login';
import { hasCrc, splitPacket } from './packet';

/** What a connection remembers: the protocol version its login (or packet prefix) announced. */
export interface WialonState {
  version?: string;
}

/** The fields of an SD or D message; for version 2 the CRC is checked and dropped. */
function dataFields(body: Buffer, crc: boolean): string[] | 'checksum' {
  if (!crc) return body.toString('utf8').split(';');
  const checked = checkTrailingCrc(body, ';');
  if (!checked?.ok) return 'checksum';
  return checked.content.toString('utf8').slice(0, -1).split(';');
}

function decodeData(kind: 'SD' | 'D', body: Buffer, crc: boolean, now: Date): DecodedMessage {
  const fields = dataFields(body, crc);
  if (fields === 'checksum') return { positions: [], ack: dataAnswer(kind, 'checksum') };
  if (fields.length !== (kind === 'SD' ? SHORT_FIELDS : FULL_FIELDS))
    return { positions: [], ack: dataAnswer(kind, 'structure') };
  const result = decodeRecord(fields, now);
  if (!result.ok) return { positions: [], ack: dataAnswer(kind, result.error) };
  return { positions: [result.fix], ack: dataAnswer(kind) };
}

/** `rec|rec|…` (version 2: `rec|rec|…|crc16`): the records that read are registered and counted. */
function decodeBlackBox(body: Buffer, crc: boolean, now: Date): DecodedMessage {
  let text: string;
  if (crc) {
    const checked = checkTrailingCrc(body, '|');
    if (!checked?.ok) return { positions: [], ack: BLACK_BOX_REJECTED };
    text = checked.content.toString('utf8').slice(0, -1);
  } else {
    text = body.toString('utf8');
  }
  const positions: PositionFix[] = [];
  for (const record of text.split('|')) {
    if (record === '') continue;
    const result = decodeRecord(record.split(';'), now);
    if (result.ok) positions.push(result.fix);
  }
  return { positions, ack: blackBoxAnswer(positions.length) };
}

/**
 * One framed line to what the session does with it. `now` stands in for the time of records that carry
 * none. Throws ProtocolDecodeError for a line that is not the protocol.
 */
export function decodeWialonFrame(frame: Buffer, state: WialonState, now: Date): DecodedMessage {
  const { type, body, prefix } = splitPacket(frame);
  if (type === 'L') {
    const login = decodeLogin(body);
    if (login.ok) {
      state.version = login.version;
      return { uniqueId: login.uniqueId, positions: [], ack: LOGIN_ACCEPTED, refuse: LOGIN_REFUSED };
    }
    const refusal = login.error === 'checksum' ? LOGIN_BAD_CHECKSUM : LOGIN_REFUSED;
    return { positions: [], ack: refusal, refuse: refusal };
  }
  const version = prefix ? (prefix.version ?? '1.1') : state.version;
  state.version ??= version;
  const crc = hasCrc(version);
  const identified: Pick<DecodedMessage, 'uniqueId'> = prefix ? { uniqueId: prefix.uniqueId } : {};
  switch (type) {
    case 'P':
      return { ...identified, positions: [], ack: PING_ANSWER };
    case 'SD':
    case 'D':
      return { ...identified, ...decodeData(type, body, crc, now) };
    case 'B':
      return { ...identified, ...decodeBlackBox(body, crc, now) };
    case 'M': {
      // a message to the driver: acknowledged, nothing to store
      const ok = !crc || checkTrailingCrc(body, ';')?.ok === true;
      return { ...identified, positions: [], ack: messageAnswer(ok) };
    }
    default:
      throw new ProtocolDecodeError(`unsupported Wialon IPS packet type ${type}`);
  }
}
