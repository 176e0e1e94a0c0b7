import type { DecodedMessage, PositionFix, ProtocolCodec } from '../framed/codec';
import { commandFrame, confirmation } from './answers';
import { decodeBinary } from './binaryDecoder';
import { H02Framer } from './framer';
import { decodeText, type TextReport } from './textDecoder';

export interface H02State {
  /** the device this connection speaks for, as its frames name it (commands carry it) */
  deviceId?: string;
  /** the last fix of this connection: where reports without coordinates are placed */
  lastFix?: PositionFix;
}

export interface H02CodecOptions {
  /** the server's clock: answers carry it, frames without a date take it (tests fix it) */
  now?: () => Date;
}

const DOLLAR = 0x24;
const STAR = 0x2a;

/** A report without coordinates (cell towers, LINK) at the connection's last fix, marked not valid. */
function atLastFix(last: PositionFix | undefined, time: Date, attributes: Record<string, unknown>) {
  if (!last) return [];
  const { latitude, longitude, altitude, course } = last;
  const fix: PositionFix = {
    fixTime: time,
    deviceTime: time,
    latitude,
    longitude,
    altitude,
    speed: 0,
    course,
    valid: false,
    attributes,
  };
  return [fix];
}

/** `connectionId`: the id the connection identified with, which a frame with an empty id answers under. */
function textMessage(
  report: TextReport,
  state: H02State,
  connectionId: string | undefined,
  now: Date,
): DecodedMessage {
  const { uniqueId } = report;
  const id = uniqueId ?? connectionId;
  switch (report.kind) {
    case 'position': {
      if (!report.fix) return { uniqueId, positions: [] };
      state.lastFix = report.fix;
      const ack = report.type === 'V1' && id ? confirmation(id, 'V1', now) : undefined;
      return { uniqueId, positions: [report.fix], ack, commandAnswer: report.result };
    }
    case 'lbs': {
      const ack = report.type === 'NBR' && id ? confirmation(id, 'NBR', now) : undefined;
      return { uniqueId, positions: atLastFix(state.lastFix, report.time, report.attributes), ack };
    }
    case 'heartbeat':
      return { uniqueId, positions: [], ack: Buffer.from(report.echo, 'latin1') };
    case 'sms':
      return { uniqueId, positions: [], commandAnswer: report.text };
    default:
      return { uniqueId, positions: [] };
  }
}

/** H02 (Sinotrack and clones): text `*HQ,...#` and binary `$` frames, every frame naming its device. */
export function createH02Codec(options: H02CodecOptions = {}): ProtocolCodec<H02State> {
  const clock = options.now ?? (() => new Date());
  return {
    name: 'h02',
    newFramer: () => new H02Framer(),
    newState: () => ({}),
    decode(frame, state, uniqueId) {
      let message: DecodedMessage;
      if (frame[0] === DOLLAR) {
        const report = decodeBinary(frame);
        if (report.fix) state.lastFix = report.fix;
        message = { uniqueId: report.uniqueId, positions: report.fix ? [report.fix] : [] };
      } else if (frame[0] === STAR) {
        message = textMessage(decodeText(frame, clock()), state, uniqueId, clock());
      } else {
        // an `X` frame: its id is not decoded, the same fix comes in a `$` frame
        message = { positions: [] };
      }
      state.deviceId = message.uniqueId ?? uniqueId ?? state.deviceId;
      return message;
    },
    encodeCommand(text, state) {
      if (!state.deviceId) throw new Error('the device has not identified');
      return commandFrame(state.deviceId, text, clock());
    },
  };
}

export const h02Codec: ProtocolCodec<H02State> = createH02Codec();
