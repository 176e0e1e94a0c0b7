import { setAttribute } from '../../db/attributeSet';
import type { AvlIo, NumberIo } from './avlRecord';
import { bigUnsignedOf, rawIoValue, signedOf, unsignedOf } from './ioValue';

/**
 * Named attributes for the Teltonika FMB-series IO ids the product reads. Names and scales follow
 * Traccar's so existing clients read the same keys; every IO is also kept raw as `io{id}`.
 */
export interface IoRow {
  id: number;
  /** attribute name; rows named `alarm` add to a comma-separated alarm list */
  key: string;
  /** the element (its big-endian bytes, or its number when decoded as one) -> attribute value; undefined sets nothing */
  convert: (io: AvlIo) => unknown;
}

/** The element's unsigned value: the decoder's number for small elements, else read from its bytes. */
const unsignedIo = (io: AvlIo): number => io.unsigned ?? unsignedOf(io.value);
/** Its signed value: a small element's number read as two's complement of its size. */
function signedIo(io: AvlIo): number {
  if (io.unsigned === undefined) return signedOf(io.value);
  const bits = (io as NumberIo).size * 8;
  return io.unsigned >= 2 ** (bits - 1) ? io.unsigned - 2 ** bits : io.unsigned;
}

const flag = (io: AvlIo): boolean => unsignedIo(io) > 0;
const unsigned = (io: AvlIo): number => unsignedIo(io);
const signed = (io: AvlIo): number => signedIo(io);
const divided = (divisor: number) => (io: AvlIo) => unsignedIo(io) / divisor;
const signedDivided = (divisor: number) => (io: AvlIo) => signedIo(io) / divisor;
const alarmWhenSet = (alarm: string) => (io: AvlIo) => (unsignedIo(io) > 0 ? alarm : undefined);

/** iButton / RFID: 16 uppercase hex digits, as Traccar formats it; 0 means no key present. */
const driverId = (io: AvlIo): string | undefined => {
  const value = bigUnsignedOf(io.value);
  return value === 0n ? undefined : value.toString(16).toUpperCase().padStart(16, '0');
};

const GREEN_DRIVING_ALARMS: Record<number, string> = {
  1: 'hardAcceleration',
  2: 'hardBraking',
  3: 'hardCornering',
};

export const IO_TABLE: readonly IoRow[] = [
  { id: 1, key: 'in1', convert: flag },
  { id: 2, key: 'in2', convert: flag },
  { id: 3, key: 'in3', convert: flag },
  { id: 4, key: 'in4', convert: flag },
  { id: 9, key: 'adc1', convert: divided(1000) },
  { id: 10, key: 'adc2', convert: divided(1000) },
  { id: 16, key: 'odometer', convert: unsigned },
  { id: 17, key: 'axisX', convert: signed },
  { id: 18, key: 'axisY', convert: signed },
  { id: 19, key: 'axisZ', convert: signed },
  { id: 21, key: 'rssi', convert: unsigned },
  { id: 31, key: 'engineLoad', convert: unsigned },
  { id: 32, key: 'coolantTemp', convert: signed },
  { id: 36, key: 'rpm', convert: unsigned },
  { id: 66, key: 'power', convert: divided(1000) },
  { id: 67, key: 'battery', convert: divided(1000) },
  { id: 68, key: 'batteryCurrent', convert: divided(1000) },
  { id: 69, key: 'gnssStatus', convert: unsigned },
  { id: 72, key: 'temp1', convert: signedDivided(10) },
  { id: 73, key: 'temp2', convert: signedDivided(10) },
  { id: 74, key: 'temp3', convert: signedDivided(10) },
  { id: 75, key: 'temp4', convert: signedDivided(10) },
  { id: 78, key: 'driverUniqueId', convert: driverId },
  { id: 81, key: 'obdSpeed', convert: unsigned },
  { id: 83, key: 'fuelUsed', convert: divided(10) },
  { id: 84, key: 'fuelLiters', convert: divided(10) },
  { id: 85, key: 'rpm', convert: unsigned },
  { id: 87, key: 'obdOdometer', convert: unsigned },
  { id: 89, key: 'fuel', convert: unsigned },
  { id: 113, key: 'batteryLevel', convert: unsigned },
  { id: 179, key: 'out1', convert: flag },
  { id: 180, key: 'out2', convert: flag },
  { id: 181, key: 'pdop', convert: divided(10) },
  { id: 182, key: 'hdop', convert: divided(10) },
  { id: 199, key: 'tripOdometer', convert: unsigned },
  { id: 200, key: 'sleepMode', convert: unsigned },
  { id: 236, key: 'alarm', convert: alarmWhenSet('general') },
  { id: 239, key: 'ignition', convert: flag },
  { id: 240, key: 'motion', convert: flag },
  { id: 241, key: 'operator', convert: unsigned },
  { id: 246, key: 'alarm', convert: alarmWhenSet('tow') },
  { id: 247, key: 'alarm', convert: alarmWhenSet('accident') },
  { id: 249, key: 'alarm', convert: alarmWhenSet('jamming') },
  { id: 251, key: 'idling', convert: flag },
  { id: 252, key: 'alarm', convert: alarmWhenSet('powerCut') },
  { id: 253, key: 'alarm', convert: (io) => GREEN_DRIVING_ALARMS[unsignedIo(io)] },
];

const ROWS_BY_ID = new Map(IO_TABLE.map((row) => [row.id, row]));

/** `io{id}` strings, made once per id rather than once per element of every record. */
const IO_KEYS: string[] = [];
const ioKey = (id: number): string => (IO_KEYS[id] ??= `io${id}`);

/** Adds an alarm name to the comma-separated `alarm` attribute, once. */
export function addAlarm(attributes: Record<string, unknown>, alarm: string): void {
  const current = typeof attributes.alarm === 'string' && attributes.alarm ? attributes.alarm.split(',') : [];
  if (!current.includes(alarm)) current.push(alarm);
  attributes.alarm = current.join(',');
}

/**
 * Sets `io{id}` and, for a fixed-size IO in the table, its named attribute. Variable-length elements
 * carry vendor-specific payloads, so they are kept raw only.
 */
export function applyIo(attributes: Record<string, unknown>, io: AvlIo): void {
  setAttribute(attributes, ioKey(io.id), io.unsigned ?? rawIoValue(io.value, io.variable));
  const row = ROWS_BY_ID.get(io.id);
  if (!row || io.variable) return;
  const value = row.convert(io);
  if (value === undefined) return;
  if (row.key === 'alarm') addAlarm(attributes, String(value));
  else setAttribute(attributes, row.key, value);
}
