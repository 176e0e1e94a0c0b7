import { decodeActivityChange } from './activityChange';
import { bcd, dayStart, timeReal } from './dataTypes';
import type { DddActivityDay } from './types';

/** previous length, record length, date, presence counter, distance: the fixed part of a daily record. */
const RECORD_HEADER = 12;

/**
 * CardDriverActivity (EF 0x0504, data dictionary 2.17): the oldest-day pointer, the newest-record pointer,
 * then a cyclic buffer of CardActivityDailyRecords. Records run oldest to newest and may wrap past the
 * buffer's end, even inside one record. Walking back from the newest record by each record's "previous
 * length" and stopping at the oldest-day pointer reads exactly the live records: once the buffer has
 * wrapped, the oldest record's previous length points at a record already overwritten.
 * A damaged chain ends the walk, keeping the newer days read so far.
 */
export function readCardActivity(value: Buffer): DddActivityDay[] {
  if (value.length < 4 + RECORD_HEADER) return [];
  const oldest = value.readUInt16BE(0);
  const newest = value.readUInt16BE(2);
  const ring = value.subarray(4);
  const size = ring.length;
  if (oldest >= size || newest >= size) return [];

  const at = (pos: number, n: number): Buffer => {
    const start = pos % size;
    if (start + n <= size) return ring.subarray(start, start + n);
    return Buffer.concat([ring.subarray(start), ring.subarray(0, n - (size - start))]);
  };

  const days: DddActivityDay[] = [];
  let pos = newest;
  let consumed = 0;
  let laterDay = Infinity;
  for (;;) {
    const head = at(pos, 4);
    const previousLength = head.readUInt16BE(0);
    const length = head.readUInt16BE(2);
    if (length < RECORD_HEADER || (length - RECORD_HEADER) % 2 !== 0 || consumed + length > size) break;
    const record = at(pos, length);
    const date = timeReal(record.readUInt32BE(4));
    if (date === null || date >= laterDay) break;
    days.push(dailyRecord(record, date));
    laterDay = date;
    consumed += length;
    if (pos === oldest || previousLength === 0) break;
    pos = (pos - previousLength + size) % size;
  }
  return days.reverse();
}

function dailyRecord(record: Buffer, date: number): DddActivityDay {
  const changes = [];
  for (let i = RECORD_HEADER; i + 2 <= record.length; i += 2) {
    changes.push(decodeActivityChange(record.readUInt16BE(i)));
  }
  const counter = bcd(record.subarray(8, 10));
  return {
    day: dayStart(date),
    distanceKm: record.readUInt16BE(10),
    presenceCounter: Number.isNaN(counter) ? 0 : counter,
    changes,
  };
}
