/**
 * Writes believable DDD files from a small description, following the documented block structures
 * (Annex 1B/1C, Appendix 7 download formats and the data dictionary): driver cards Gen1 and Gen2, vehicle
 * units Gen1 and Gen2. Certificates and signatures are filler bytes of the right sizes: nothing is signed.
 */
import { encodeActivityChange } from '../activityChange';
import { nationNumeric } from '../nations';
import type { DddActivity, DddActivityChange } from '../types';
import { ByteWriter } from './byteWriter';

export interface ActivityChangeSpec {
  minute: number;
  activity: DddActivity;
  slot?: 0 | 1;
  crew?: boolean;
  cardPresent?: boolean;
}

export interface ActivityDaySpec {
  /** `YYYY-MM-DD` (UTC) or epoch seconds at 00:00 UTC. */
  day: string | number;
  distanceKm?: number;
  presenceCounter?: number;
  changes: ActivityChangeSpec[];
}

export interface DriverCardSpec {
  generation: 1 | 2;
  cardNumber: string;
  surname: string;
  firstNames: string;
  /** Code page of the holder names (1 ISO-8859-1 by default; 2, 5, 7, 80 also written). */
  codePage?: number;
  /** Issuing state as a vehicle sign, `P` by default. */
  nation?: string;
  /** EF 0x050E, epoch seconds; null writes the "not set" zero. */
  lastDownload?: number | null;
  days: ActivityDaySpec[];
  /** Size of the cyclic activity buffer (CardActivityLengthRange), 13776 by default. */
  bufferLength?: number;
  /** Offset where the first (oldest written) record goes; later records follow and wrap around. */
  bufferStart?: number;
  /** Gen2 card: what its Gen1 application holds (the same days by default). */
  gen1Days?: ActivityDaySpec[];
  /** EquipmentType in the application identification: 1 driver card (default), 2 workshop, 4 company. */
  cardType?: number;
}

export interface VehicleUnitSpec {
  generation: 1 | 2;
  /** Gen2 only: 1 writes TREP 0x21–0x25, 2 writes 0x31–0x35 (and the interface version block first). */
  version?: 1 | 2;
  vin: string;
  vrn: string;
  /** Registration nation as a vehicle sign, `P` by default. */
  nation?: string;
  codePage?: number;
  /** Epoch seconds. */
  downloadTime: number;
  downloadableFrom: number;
  downloadableTo: number;
  /** One activities block per day. */
  days?: ActivityDaySpec[];
  /** Also write events and faults, detailed speed and technical data blocks. */
  otherBlocks?: boolean;
  /** Gen1 overview: how many company locks and controls to list. */
  companyLocks?: number;
  controls?: number;
}

export type DddSpec = ({ kind: 'D' } & DriverCardSpec) | ({ kind: 'V' } & VehicleUnitSpec);

export const DEFAULT_ACTIVITY_BUFFER = 13776;

/** Epoch seconds at 00:00 UTC of a `YYYY-MM-DD` day. */
export function dayEpoch(day: string | number): number {
  return typeof day === 'number' ? day : Date.parse(`${day}T00:00:00Z`) / 1000;
}

export function buildDdd(spec: DddSpec): Buffer {
  return spec.kind === 'D' ? buildDriverCard(spec) : buildVehicleUnit(spec);
}

// ---------------------------------------------------------------------------------------------- cards

/** One card block: FID, appendix (0 Gen1 data, 1 Gen1 signature, 2 Gen2 data, 3 Gen2 signature), length. */
export function cardBlock(fid: number, appendix: number, value: Buffer): Buffer {
  return new ByteWriter().u16(fid).u8(appendix).u16(value.length).bytes(value).toBuffer();
}

function signedBlocks(fid: number, generation: 1 | 2, value: Buffer): Buffer[] {
  const data = generation === 1 ? 0 : 2;
  return [
    cardBlock(fid, data, value),
    cardBlock(fid, data + 1, Buffer.alloc(generation === 1 ? 128 : 64, 0x5a)),
  ];
}

export function buildDriverCard(spec: DriverCardSpec): Buffer {
  const blocks: Buffer[] = [
    cardBlock(0x0002, 0, new ByteWriter().u8(0).u32(0x12345678).fill(20, 0x11).toBuffer()), // ICC, 25 bytes
    cardBlock(0x0005, 0, Buffer.from('0102030405060708', 'hex')), // IC
  ];
  const gen1Days = spec.generation === 2 ? (spec.gen1Days ?? spec.days) : spec.days;
  blocks.push(...applicationBlocks(spec, 1, gen1Days));
  if (spec.generation === 2) blocks.push(...applicationBlocks(spec, 2, spec.days));
  return Buffer.concat(blocks);
}

/** The blocks of one generation's application: certificates, identification, activity, last download. */
function applicationBlocks(spec: DriverCardSpec, generation: 1 | 2, days: ActivityDaySpec[]): Buffer[] {
  const appendix = generation === 1 ? 0 : 2;
  const bufferLength = spec.bufferLength ?? DEFAULT_ACTIVITY_BUFFER;
  const certificate = Buffer.alloc(generation === 1 ? 194 : 205, 0xc1);
  const application = new ByteWriter()
    .u8(spec.cardType ?? 1)
    .u16(generation === 1 ? 0x0000 : 0x0100) // card structure version
    .u8(generation === 1 ? 12 : 12) // events per type
    .u8(generation === 1 ? 24 : 24) // faults per type
    .u16(bufferLength)
    .u16(generation === 1 ? 200 : 200) // vehicle records
    .bytes(generation === 1 ? Buffer.from([112]) : Buffer.from([0, 112])); // place records
  if (generation === 2) application.u16(252).u16(56).u16(200); // GNSS, specific conditions, VU records
  return [
    cardBlock(0xc100, appendix, certificate),
    ...(generation === 2 ? [cardBlock(0xc101, appendix, certificate)] : []),
    cardBlock(0xc108, appendix, certificate),
    ...signedBlocks(0x0501, generation, application.toBuffer()),
    ...signedBlocks(0x0520, generation, identification(spec)),
    ...signedBlocks(0x0502, generation, Buffer.alloc(generation === 1 ? 6 * 12 * 24 : 11 * 12 * 24)),
    ...signedBlocks(0x0504, generation, cardActivity(days, bufferLength, spec.bufferStart ?? 0)),
    ...signedBlocks(0x050e, generation, new ByteWriter().u32(spec.lastDownload ?? 0).toBuffer()),
  ];
}

/** CardIdentification (65 bytes) then DriverCardHolderIdentification (78 bytes). */
function identification(spec: DriverCardSpec): Buffer {
  const codePage = spec.codePage ?? 1;
  return new ByteWriter()
    .u8(nationNumeric(spec.nation ?? 'P'))
    .ia5(spec.cardNumber, 16)
    .text('IMT', 35)
    .u32(dayEpoch('2020-01-01'))
    .u32(dayEpoch('2020-01-01'))
    .u32(dayEpoch('2030-01-01') - 1)
    .text(spec.surname, 35, codePage)
    .text(spec.firstNames, 35, codePage)
    .bytes(Buffer.from('19800101', 'hex')) // Datef birth date, BCD
    .ia5('pt', 2)
    .toBuffer();
}

function fullChange(change: ActivityChangeSpec): DddActivityChange {
  return { slot: 0, crew: false, cardPresent: true, ...change };
}

function dailyRecord(day: ActivityDaySpec, previousLength: number, index: number): Buffer {
  const length = 12 + 2 * day.changes.length;
  const counter = String((day.presenceCounter ?? index + 1) % 10000).padStart(4, '0');
  const w = new ByteWriter()
    .u16(previousLength)
    .u16(length)
    .u32(dayEpoch(day.day))
    .bytes(Buffer.from(counter, 'hex'))
    .u16(day.distanceKm ?? 0);
  for (const change of day.changes) w.u16(encodeActivityChange(fullChange(change)));
  return w.toBuffer();
}

/**
 * CardDriverActivity: pointers then the cyclic buffer. Records are written one after the other from
 * `start`, wrapping at the end like a card does; when they do not all fit, the oldest are overwritten
 * (their leftover bytes stay, as on a real card) and the oldest-day pointer moves to the first survivor.
 */
export function cardActivity(days: ActivityDaySpec[], bufferLength: number, start = 0): Buffer {
  const ring = Buffer.alloc(bufferLength);
  const records: Buffer[] = [];
  let previous = 0;
  days.forEach((day, i) => {
    const record = dailyRecord(day, previous, i);
    records.push(record);
    previous = record.length;
  });
  const positions: number[] = [];
  let pos = start % bufferLength;
  for (const record of records) {
    if (record.length > bufferLength) throw new Error('an activity record longer than the buffer');
    positions.push(pos);
    for (let i = 0; i < record.length; i++) ring[(pos + i) % bufferLength] = record[i];
    pos = (pos + record.length) % bufferLength;
  }
  let total = records.reduce((sum, r) => sum + r.length, 0);
  let oldest = 0;
  while (total > bufferLength) total -= records[oldest++].length;
  const header = new ByteWriter()
    .u16(records.length ? positions[oldest] : 0)
    .u16(records.length ? positions[positions.length - 1] : 0);
  return Buffer.concat([header.toBuffer(), ring]);
}

// ---------------------------------------------------------------------------------------- vehicle units

const SIGNATURE_GEN1 = Buffer.alloc(128, 0x5a);

export function buildVehicleUnit(spec: VehicleUnitSpec): Buffer {
  return spec.generation === 1 ? buildVuGen1(spec) : buildVuGen2(spec);
}

function fullCardNumber(w: ByteWriter, cardNumber = 'D0000000000001'): ByteWriter {
  return w.u8(1).u8(nationNumeric('P')).ia5(cardNumber, 16);
}

function buildVuGen1(spec: VehicleUnitSpec): Buffer {
  const w = new ByteWriter().u8(0x76).u8(0x01);
  w.fill(194, 0xc1).fill(194, 0xc2); // member state and VU certificates
  w.ia5(spec.vin, 17)
    .u8(nationNumeric(spec.nation ?? 'P'))
    .text(spec.vrn, 13, spec.codePage ?? 1);
  w.u32(spec.downloadTime).u32(spec.downloadableFrom).u32(spec.downloadableTo);
  w.u8(0x01); // card slots status: a driver card in the driver slot
  fullCardNumber(w.u32(spec.downloadTime - 86400)).text('Transportes Frota', 35); // last download
  const locks = spec.companyLocks ?? 1;
  w.u8(locks);
  for (let i = 0; i < locks; i++) {
    fullCardNumber(
      w.u32(spec.downloadableFrom).u32(0).text('Empresa', 35).text('Rua A', 35),
      'C000000000001',
    );
  }
  const controls = spec.controls ?? 1;
  w.u8(controls);
  for (let i = 0; i < controls; i++) {
    fullCardNumber(w.u8(0x80).u32(spec.downloadableFrom + 3600))
      .u32(0)
      .u32(0);
  }
  w.bytes(SIGNATURE_GEN1);

  for (const day of spec.days ?? []) {
    w.u8(0x76).u8(0x02).u32(dayEpoch(day.day)).u24(123456);
    w.u16(1); // one card insertion
    w.text('Silva', 35).text('Ana', 35);
    fullCardNumber(w)
      .u32(0)
      .u32(dayEpoch(day.day) + 300)
      .u24(123456)
      .u8(0);
    w.u32(dayEpoch(day.day) + 3600)
      .u24(123500)
      .u8(0)
      .text('', 13)
      .u32(0)
      .u8(0);
    w.u16(day.changes.length);
    for (const change of day.changes) w.u16(encodeActivityChange(fullChange(change)));
    w.u8(1); // one place record
    fullCardNumber(w)
      .u32(dayEpoch(day.day) + 300)
      .u8(0)
      .u8(nationNumeric('P'))
      .u8(0)
      .u24(123456);
    w.u16(1)
      .u32(dayEpoch(day.day) + 600)
      .u8(1); // one specific condition
    w.bytes(SIGNATURE_GEN1);
  }

  if (spec.otherBlocks) {
    w.u8(0x76).u8(0x03);
    w.u8(1)
      .u8(0x31)
      .u8(0)
      .u32(spec.downloadableFrom)
      .u32(spec.downloadableFrom + 60)
      .fill(72, 0x20);
    w.u8(1)
      .u8(0x05)
      .u8(0)
      .u32(spec.downloadableFrom)
      .u32(spec.downloadableFrom + 60)
      .fill(72, 0x20)
      .u8(1);
    w.u32(0).u32(0).u8(0);
    w.u8(1).u8(0x07).u8(0).u32(0).u32(0).u8(95).u8(91).fill(18, 0x20).u8(1);
    w.u8(0);
    w.bytes(SIGNATURE_GEN1);
    w.u8(0x76)
      .u8(0x04)
      .u16(2)
      .fill(2 * 64, 0x30)
      .bytes(SIGNATURE_GEN1);
    w.u8(0x76).u8(0x05).fill(116, 0x20).fill(20, 0x21).u8(1).fill(167, 0x22).bytes(SIGNATURE_GEN1);
  }
  return w.toBuffer();
}

function recordArray(w: ByteWriter, type: number, size: number, records: Buffer[]): ByteWriter {
  w.u8(type).u16(size).u16(records.length);
  for (const r of records) {
    if (r.length !== size) throw new Error(`record of type ${type} is ${r.length} bytes, not ${size}`);
    w.bytes(r);
  }
  return w;
}

const signatureArray = (w: ByteWriter) => recordArray(w, 0x08, 64, [Buffer.alloc(64, 0x5a)]);

function buildVuGen2(spec: VehicleUnitSpec): Buffer {
  const v2 = spec.version === 2;
  const trep = (n: number) => (v2 ? 0x30 : 0x20) + n;
  const w = new ByteWriter();
  if (v2) w.u8(0x76).u8(0x00).u8(2).u8(1); // download interface version: generation 2, version 2
  w.u8(0x76).u8(trep(1));
  recordArray(w, 0x04, 204, [Buffer.alloc(204, 0xc1)]);
  recordArray(w, 0x0f, 204, [Buffer.alloc(204, 0xc2)]);
  recordArray(w, 0x0a, 17, [new ByteWriter().ia5(spec.vin, 17).toBuffer()]);
  const plate = new ByteWriter().text(spec.vrn, 13, spec.codePage ?? 1).toBuffer();
  if (v2)
    recordArray(w, 0x24, 15, [Buffer.concat([Buffer.from([nationNumeric(spec.nation ?? 'P')]), plate])]);
  else recordArray(w, 0x0b, 14, [plate]);
  recordArray(w, 0x03, 4, [new ByteWriter().u32(spec.downloadTime).toBuffer()]);
  recordArray(w, 0x13, 8, [new ByteWriter().u32(spec.downloadableFrom).u32(spec.downloadableTo).toBuffer()]);
  recordArray(w, 0x02, 1, [Buffer.from([0x01])]);
  const lastDownload = fullCardNumber(new ByteWriter().u32(spec.downloadTime - 86400))
    .u8(2)
    .text('Frota', 35);
  recordArray(w, 0x14, 59, [lastDownload.toBuffer()]);
  recordArray(w, 0x10, 99, []);
  recordArray(w, 0x11, 32, []);
  signatureArray(w);

  for (const day of spec.days ?? []) {
    w.u8(0x76).u8(trep(2));
    recordArray(w, 0x06, 4, [new ByteWriter().u32(dayEpoch(day.day)).toBuffer()]);
    recordArray(w, 0x05, 3, [new ByteWriter().u24(123456).toBuffer()]);
    recordArray(w, 0x0d, 132, []);
    recordArray(
      w,
      0x01,
      2,
      day.changes.map((c) => new ByteWriter().u16(encodeActivityChange(fullChange(c))).toBuffer()),
    );
    recordArray(w, 0x1c, 31, []);
    recordArray(w, 0x16, 25, []);
    recordArray(w, 0x09, 5, [Buffer.from([0, 0, 0, 0, 1])]);
    if (v2) recordArray(w, 0x22, 26, []).u8(0x23).u16(31).u16(0);
    signatureArray(w);
  }

  if (spec.otherBlocks) {
    w.u8(0x76).u8(trep(3));
    recordArray(w, 0x18, 86, []);
    recordArray(w, 0x15, 87, []);
    recordArray(w, 0x1a, 9, [Buffer.alloc(9)]);
    recordArray(w, 0x1b, 31, []);
    recordArray(w, 0x1e, 98, []);
    signatureArray(w);
    if (!v2) {
      w.u8(0x76).u8(trep(4));
      recordArray(w, 0x12, 64, [Buffer.alloc(64, 0x30)]);
      signatureArray(w);
    }
    w.u8(0x76).u8(trep(5));
    recordArray(w, 0x19, 116, [Buffer.alloc(116, 0x20)]);
    recordArray(w, 0x07, 20, [Buffer.alloc(20, 0x21)]);
    recordArray(w, 0x21, 20, []);
    recordArray(w, 0x0c, 167, []);
    recordArray(w, 0x0e, 100, []);
    recordArray(w, 0x17, 20, []);
    recordArray(w, 0x1f, 20, []);
    signatureArray(w);
  }
  return w.toBuffer();
}
