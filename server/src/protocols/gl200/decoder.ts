import type { DecodedMessage, PositionFix } from '../framed/codec';
import { decodeEvent } from './event';
import { splitMessage, type Gl200Fields } from './fields';
import { heartbeatAnswer } from './heartbeat';
import { decodeIgnition } from './ignition';
import { decodeFixedReport } from './report';

/** Reports laid out as GTFRI: possibly several location blocks, then the device's state. */
const FIXED_REPORTS = new Set(['FRI', 'RTL', 'GEO', 'DOG', 'ERI']);
const IGNITION_REPORTS = new Set(['IGN', 'IGF', 'VGN', 'VGF']);

/**
 * One @Track text message (`+RESP:`, `+BUFF:` or `+ACK:`, with or without its `$`) as the session
 * needs it: the device id, the positions, and the answer (only a heartbeat gets one).
 * Throws `ProtocolDecodeError` when the bytes are not an @Track message.
 */
export function decodeGl200(frame: Buffer): DecodedMessage {
  const fields = splitMessage(frame);
  const message: DecodedMessage = { uniqueId: fields.uniqueId, positions: [] };
  if (fields.kind === 'ACK') {
    // command acknowledgements carry no position; a heartbeat is answered
    if (fields.type === 'HBD') message.ack = heartbeatAnswer(fields);
    return message;
  }
  message.positions = decodePositions(fields);
  const index = /^[0-9A-Fa-f]{4}$/.test(fields.count) ? parseInt(fields.count, 16) : undefined;
  for (const fix of message.positions) {
    fix.attributes.type = fields.type; // Traccar's key: FRI, IGN, SOS, …
    if (index !== undefined) fix.attributes.index = index;
    if (fields.kind === 'BUFF') fix.attributes.archive = true; // sent late, from the device's buffer
  }
  return message;
}

/** The positions of a +RESP / +BUFF report; reports without a location (GTINF, GTVER, …) give none. */
export function decodePositions(fields: Gl200Fields): PositionFix[] {
  if (FIXED_REPORTS.has(fields.type)) return decodeFixedReport(fields);
  if (IGNITION_REPORTS.has(fields.type)) return decodeIgnition(fields);
  return decodeEvent(fields);
}
