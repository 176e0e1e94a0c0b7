import type { DecodedMessage, ProtocolCodec } from '../framed/codec';
import { ackFor } from './acks';
import { encodeCommandFrame } from './commands';
import { decodePacket } from './decoder';
import { Gt06Framer } from './framer';
import { parsePacket } from './packet';

/** The platform's block and unblock (Teltonika texts, commandDelivery.ts) as a GT06 relay command. */
const GT06_TEXTS: Record<string, string> = { 'setdigout 1': 'Relay,1#', 'setdigout 0': 'Relay,0#' };

export interface Gt06State {
  /** commands sent on this connection: the server flag and serial of the next one */
  commands: number;
}

/**
 * GT06 / Concox over TCP. A login names the device by its IMEI; an unknown IMEI gets no answer (as in
 * Traccar) and the connection is closed. Heartbeats are answered and store nothing.
 */
export const gt06Codec: ProtocolCodec<Gt06State> = {
  name: 'gt06',
  newFramer: () => new Gt06Framer(),
  newState: () => ({ commands: 0 }),
  decode(frame): DecodedMessage {
    const packet = parsePacket(frame);
    const message = decodePacket(packet);
    const ack = ackFor(packet, message, new Date());
    switch (message.kind) {
      case 'login':
        return { uniqueId: message.imei, positions: [], ack };
      case 'position':
        return { positions: message.fix ? [message.fix] : [], ack };
      case 'answer':
        return { positions: [], ack, commandAnswer: message.text };
      default:
        return { positions: [], ack };
    }
  },
  encodeCommand(text, state) {
    state.commands++;
    return encodeCommandFrame(GT06_TEXTS[text] ?? text, state.commands, state.commands);
  },
};
