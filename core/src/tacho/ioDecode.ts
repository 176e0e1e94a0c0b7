import { numberAttr } from '../status/attributes';
import { TACHO_COUNTER_NAMES, type TachoCounters } from './counters';
import { TACHO_IO_TABLE, TACHO_IO_TIME_UNIT } from './ioTable';
import { reportedWorkingState, type ReportedWorkingState } from './workingState';

/**
 * One record's IO elements: a map from IO id to value, or position attributes keyed `io{id}` (the server
 * keeps every IO that way: a number, a decimal string for 8-byte values past 2^53, lowercase hex for
 * variable-length elements). Raw bytes may also be given as a Uint8Array.
 */
export type TachoIoSource = ReadonlyMap<number, unknown> | Readonly<Record<string, unknown>>;

export interface TachoDriverIo {
  /** the driver card number, e.g. `0000000111020489` */
  card?: string;
  /** 187/188: 1 card present; 0 absent (2 error, 3 not available read as absent) */
  cardPresent?: boolean;
  /** 184/185, as reported: 4 and 5 are kept (document 3 §4 shows them blank) */
  state?: ReportedWorkingState;
  firstName?: string;
  surname?: string;
  /** seconds */
  continuousDriving?: number;
  cumulativeBreak?: number;
  selectedActivityDuration?: number;
  dailyDriving?: number;
  weeklyDriving?: number;
  /** the counters the tracker sent, in seconds, under the spec's names */
  counters: Partial<Record<keyof TachoCounters, number>>;
}

export interface TachoIo {
  driver1?: TachoDriverIo;
  driver2?: TachoDriverIo;
  vehicle?: { vrn?: string; vin?: string };
}

function valueOf(source: TachoIoSource, id: number): unknown {
  if (source instanceof Map) return source.get(id);
  const bag = source as Readonly<Record<string, unknown>>;
  return bag[`io${id}`] ?? bag[String(id)];
}

/**
 * The bytes of an IO value: a Uint8Array as is, a number or decimal string as 8 big-endian bytes, else hex.
 * `variable`: the element is a variable-length one, which the server keeps as hex, so a string is hex even
 * when it holds only digits (`01525549` is "RUI", not a number).
 */
export function ioBytes(value: unknown, variable = false): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  let big: bigint | undefined;
  if (typeof value === 'bigint') big = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) big = BigInt(value);
  else if (typeof value === 'string' && !variable && /^\d+$/.test(value)) big = BigInt(value);
  if (big !== undefined) {
    if (big >= 1n << 64n) return undefined;
    const bytes = new Uint8Array(8);
    for (let i = 7; i >= 0; i--, big >>= 8n) bytes[i] = Number(big & 0xffn);
    return bytes;
  }
  if (typeof value === 'string' && /^([0-9a-f]{2})+$/i.test(value)) {
    return Uint8Array.from(value.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  }
  return undefined;
}

/** Latin-1 text of the bytes; NUL padding is dropped. */
const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes.filter((b) => b !== 0));

/**
 * An 8-byte ASCII part of a card id (or plate, or VIN): the tracker sends the characters last first, so the
 * bytes are read in reverse (Teltonika's "mirror the text"): 0x3130303030303030 is `00000001`.
 */
export function mirroredAscii(value: unknown): string {
  const bytes = ioBytes(value);
  return bytes ? latin1(bytes.slice().reverse()) : '';
}

/** Text elements (names): a leading code-page byte (ISO/IEC 8859 part; read as Latin-1), then the text. */
export function tachoText(value: unknown): string {
  const bytes = ioBytes(value, true);
  if (!bytes || bytes.length === 0) return '';
  const text = bytes[0] < 0x20 ? bytes.subarray(1) : bytes;
  return latin1(text).trim();
}

/** The card number from its two halves: the first half's characters, then the second's. */
export function cardNumber(high: unknown, low: unknown): string | undefined {
  const card = (mirroredAscii(high) + mirroredAscii(low)).trim();
  return card || undefined;
}

const seconds = (value: unknown): number | undefined => {
  const n = numberAttr(value);
  return n === undefined ? undefined : n * TACHO_IO_TIME_UNIT;
};

const COUNTER_NAMES = new Set<string>(TACHO_COUNTER_NAMES);

/**
 * The tachograph data of one record, per driver. A driver appears only when at least one of its IO elements
 * is present; fields the record does not carry are left out, so the caller can merge records.
 */
export function decodeTachoIo(source: TachoIoSource): TachoIo {
  const drivers: Record<1 | 2, TachoDriverIo | undefined> = { 1: undefined, 2: undefined };
  const raw: Record<string, unknown> = {};
  const vehicleParts: Record<string, unknown> = {};
  for (const row of TACHO_IO_TABLE) {
    const value = valueOf(source, row.id);
    if (value === undefined || value === null) continue;
    if ('vehicle' in row) {
      vehicleParts[row.field] = value;
      continue;
    }
    const driver = (drivers[row.driver] ??= { counters: {} });
    if (COUNTER_NAMES.has(row.field)) {
      const s = seconds(value);
      if (s !== undefined) driver.counters[row.field as keyof TachoCounters] = s;
      continue;
    }
    switch (row.field) {
      case 'state': {
        const state = reportedWorkingState(value);
        if (state !== undefined) driver.state = state;
        break;
      }
      case 'cardPresence': {
        const n = numberAttr(value);
        if (n !== undefined) driver.cardPresent = n === 1;
        break;
      }
      case 'cardIdHigh':
      case 'cardIdLow':
        raw[`${row.driver}.${row.field}`] = value;
        break;
      case 'firstName':
      case 'surname': {
        const text = tachoText(value);
        if (text) driver[row.field] = text;
        break;
      }
      default: {
        const s = seconds(value);
        if (s !== undefined) driver[row.field as 'continuousDriving'] = s;
      }
    }
  }
  for (const n of [1, 2] as const) {
    const driver = drivers[n];
    if (!driver) continue;
    const high = raw[`${n}.cardIdHigh`];
    const low = raw[`${n}.cardIdLow`];
    if (high !== undefined || low !== undefined) {
      const card = cardNumber(high ?? 0, low ?? 0);
      if (card) driver.card = card;
    }
  }
  const result: TachoIo = {};
  if (drivers[1]) result.driver1 = drivers[1];
  if (drivers[2]) result.driver2 = drivers[2];
  const vrn = (mirroredAscii(vehicleParts.vrn1) + mirroredAscii(vehicleParts.vrn2)).trim();
  const vin = ['vin1', 'vin2', 'vin3']
    .map((k) => mirroredAscii(vehicleParts[k]))
    .join('')
    .trim();
  if (vrn || vin) result.vehicle = { ...(vrn && { vrn }), ...(vin && { vin }) };
  return result;
}
