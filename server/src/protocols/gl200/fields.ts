import { ProtocolDecodeError } from '../framed/codec';

/** The header of an @Track text message: `+RESP:GTFRI`, `+BUFF:GTIGN`, `+ACK:GTHBD`, … */
export type Gl200Kind = 'RESP' | 'BUFF' | 'ACK';

/** One @Track message cut into its comma-separated fields (the `$` end removed). */
export interface Gl200Fields {
  kind: Gl200Kind;
  /** the three letters after `GT`: FRI, IGN, SOS, HBD, … */
  type: string;
  /** every field, the header (`+RESP:GTFRI`) first */
  values: string[];
  /** the protocol version (device type and firmware), '' on the oldest firmware that sends none */
  version: string;
  /** IMEI (15 digits) or MEID (14 hex digits) */
  uniqueId: string;
  /** index of the IMEI in `values` */
  idIndex: number;
  /** the count number, last field (4 hex digits) */
  count: string;
}

const HEADER = /^\+(RESP|BUFF|ACK):GT([A-Z0-9]{3})$/;
const DEVICE_ID = /^(\d{15}|[0-9A-Fa-f]{14})$/;

/** Cuts a frame into fields; throws `ProtocolDecodeError` when it is not an @Track text message. */
export function splitMessage(frame: Buffer): Gl200Fields {
  const text = frame.toString('latin1').trim().replace(/\$$/, '');
  const values = text.split(',');
  const header = HEADER.exec(values[0]);
  if (!header) throw new ProtocolDecodeError(`not an @Track message: ${JSON.stringify(text.slice(0, 16))}`);
  // the id follows the protocol version; the oldest firmware puts it right after the header
  const idIndex = DEVICE_ID.test(values[2] ?? '') ? 2 : DEVICE_ID.test(values[1] ?? '') ? 1 : -1;
  if (idIndex < 0 || values.length < idIndex + 3) {
    throw new ProtocolDecodeError(`@Track message without a device id: ${values[0]}`);
  }
  return {
    kind: header[1] as Gl200Kind,
    type: header[2],
    values,
    version: idIndex === 2 ? values[1] : '',
    uniqueId: values[idIndex],
    idIndex,
    count: values[values.length - 1],
  };
}

/** A decimal field, undefined when empty or not a number. */
export function num(value: string | undefined): number | undefined {
  if (value === undefined || !/^[-+]?\d+(\.\d+)?$/.test(value)) return undefined;
  return Number(value);
}

/** A `YYYYMMDDHHMMSS` UTC time, undefined when it is not one. */
export function utcTime(value: string | undefined): Date | undefined {
  const m = value === undefined ? null : /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const time = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls over out-of-range parts (month 13, second 61): such a field is not a time
  if (time.getUTCMonth() !== month - 1 || time.getUTCDate() !== day || time.getUTCHours() !== hour)
    return undefined;
  if (time.getUTCMinutes() !== minute || time.getUTCSeconds() !== second) return undefined;
  return time;
}

/** The hour meter `HHHHH:MM:SS` in milliseconds (Traccar's `hours`), undefined when absent. */
export function hourMeter(value: string | undefined): number | undefined {
  const m = value === undefined ? null : /^(\d{1,6}):(\d\d):(\d\d)$/.exec(value);
  if (!m) return undefined;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000;
}

/** The send time, second to last field: when the device sent (or for +BUFF, first tried to send) it. */
export function sendTime(fields: Gl200Fields): Date | undefined {
  return utcTime(fields.values[fields.values.length - 2]);
}
