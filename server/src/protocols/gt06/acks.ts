import { COMMAND, COMMAND_ANSWER_EXTENDED } from './commands';
import { MSG, type Gt06Message } from './decoder';
import { writeDate } from './gps';
import { encodePacket, type Gt06Packet } from './packet';

/** The answer most frames get: a 0x7878 frame echoing the protocol number and serial, no content. */
export const echoAck = (type: number, serial: number): Buffer => encodePacket(type, Buffer.alloc(0), serial);

/** The answer to a time request (0x8A): the server's UTC date and time, serial 0. */
export function timeAnswer(now: Date): Buffer {
  const content = Buffer.alloc(6);
  writeDate(content, 0, now);
  return encodePacket(MSG.timeRequest, content, 0);
}

/**
 * What the server writes back, as Traccar does: the echo for logins, heartbeats, positions and alarms,
 * 0x15 answers and any other short-framed message; nothing for 0x21 answers, command-range frames
 * (0x80-0x82) and unknown extended frames.
 */
export function ackFor(packet: Gt06Packet, message: Gt06Message, now: Date): Buffer | undefined {
  const { type, serial } = packet;
  switch (message.kind) {
    case 'timeRequest':
      return timeAnswer(now);
    case 'answer':
      return type === COMMAND_ANSWER_EXTENDED ? undefined : echoAck(type, serial);
    case 'other':
      return packet.extended || (type >= COMMAND && type <= COMMAND + 2) ? undefined : echoAck(type, serial);
    default:
      return echoAck(type, serial);
  }
}
