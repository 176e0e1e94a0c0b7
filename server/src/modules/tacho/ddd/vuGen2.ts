import type { ByteReader } from './byteReader';
import { codePageText, ia5Text, timeReal } from './dataTypes';
import { DddError } from './dddError';
import { nationAlpha } from './nations';
import type { VuOverview } from './vuOverview';

/** RecordType values (data dictionary 2.120) this reader looks into. */
const RECORD = {
  currentDateTime: 0x03,
  dateOfDayDownloaded: 0x06,
  signature: 0x08,
  vin: 0x0a,
  registrationNumber: 0x0b,
  downloadablePeriod: 0x13,
  registrationIdentification: 0x24,
} as const;
const LAST_RECORD_TYPE = 0x24;

/**
 * A Gen2 vehicle unit block (TREP 0x21–0x25, 0x31–0x35): record arrays of `type (1) | size (2) |
 * count (2) | records`, the last one always the signature array. Returns the records by type.
 */
export function readRecordArrays(r: ByteReader): Map<number, Buffer[]> {
  const arrays = new Map<number, Buffer[]>();
  for (;;) {
    const type = r.u8();
    const size = r.u16();
    const count = r.u16();
    if (type === 0 || type > LAST_RECORD_TYPE) throw new DddError('truncated', `record type ${type}`);
    const records = arrays.get(type) ?? [];
    for (let i = 0; i < count; i++) records.push(r.bytes(size));
    arrays.set(type, records);
    if (type === RECORD.signature) return arrays;
  }
}

const first = (arrays: Map<number, Buffer[]>, type: number): Buffer | undefined => arrays.get(type)?.[0];

const time = (record: Buffer | undefined, offset = 0): number | null =>
  record && record.length >= offset + 4 ? timeReal(record.readUInt32BE(offset)) : null;

/** 0x7621 / 0x7631 overview. The registration comes as a number (type 0x0B) or with its nation (0x24). */
export function readOverviewGen2(r: ByteReader): VuOverview {
  const arrays = readRecordArrays(r);
  const vin = first(arrays, RECORD.vin);
  const number = first(arrays, RECORD.registrationNumber);
  const identification = first(arrays, RECORD.registrationIdentification);
  const period = first(arrays, RECORD.downloadablePeriod);
  let vrn = '';
  let nation: string | undefined;
  if (identification && identification.length >= 15) {
    nation = nationAlpha(identification[0]);
    vrn = codePageText(identification[1], identification.subarray(2, 15));
  } else if (number && number.length >= 14) {
    vrn = codePageText(number[0], number.subarray(1, 14));
  }
  return {
    vin: vin ? ia5Text(vin.subarray(0, 17)) : '',
    vrn,
    nation,
    currentTime: time(first(arrays, RECORD.currentDateTime)),
    from: time(period),
    to: time(period, 4),
  };
}

/** 0x7622 / 0x7632 activities of one day; returns the day downloaded. */
export function readActivitiesGen2(r: ByteReader): number | null {
  return time(first(readRecordArrays(r), RECORD.dateOfDayDownloaded));
}
