import type { DecodedMessage, ProtocolCodec } from '../framed/codec';
import { encodeCommandText, LOAD, ON, sosAck } from './answers';
import { isSos } from './alarms';
import { decodeFrame } from './decoder';
import { Gps103Framer } from './framer';
import { reportPositions, type Gps103State } from './position';

export type { Gps103State } from './position';

/**
 * Coban GPS103 / TK103 text frames. Every frame names the IMEI. A login is answered `LOAD`, a
 * heartbeat `ON`, an SOS `**,imei:<imei>,E;`; other reports get no answer (as on real servers), so the
 * device learns its reports were stored from the `ON` of its next heartbeat.
 */
export const gps103Codec: ProtocolCodec<Gps103State> = {
  name: 'gps103',
  newFramer: () => new Gps103Framer(),
  newState: () => ({}),
  decode(bytes, state): DecodedMessage {
    const now = new Date();
    const frame = decodeFrame(bytes, now);
    state.imei = frame.imei;
    switch (frame.kind) {
      case 'login':
        return { uniqueId: frame.imei, positions: [], ack: LOAD };
      case 'heartbeat':
        return { uniqueId: frame.imei, positions: [], ack: ON };
      case 'ignored':
        return { uniqueId: frame.imei, positions: [], ack: frame.heartbeat ? ON : undefined };
      case 'report': {
        const acks = [frame.heartbeat ? ON : null, isSos(frame.report.keyword) ? sosAck(frame.imei) : null];
        const ack = acks.filter((a): a is Buffer => a !== null);
        return {
          uniqueId: frame.imei,
          positions: reportPositions(frame.report, state, now),
          ack: ack.length > 0 ? Buffer.concat(ack) : undefined,
        };
      }
    }
  },
  encodeCommand: (text, state) => encodeCommandText(text, state.imei),
};
