import { describe, expect, it } from 'vitest';
import { decodeAvlData } from './avlDecoder';
import { encodeAvlData, ioElement, ioVariable } from './avlEncoder';
import { unsignedOf } from './ioValue';
import { CODEC_16, CODEC_8, CODEC_8E, TeltonikaDecodeError, type AvlRecord } from './avlRecord';
import { DOC_CODEC16, DOC_CODEC8, DOC_CODEC8E, frameData, hex } from './vectors.testdata';

const ioMap = (record: AvlRecord) =>
  Object.fromEntries(record.io.map((io) => [io.id, io.value.toString('hex')]));

describe('decodeAvlData: documentation examples', () => {
  it('decodes the Codec 8 example', () => {
    const packet = decodeAvlData(frameData(hex(DOC_CODEC8)));
    expect(packet.codec).toBe(CODEC_8);
    expect(packet.records).toHaveLength(1);
    const [r] = packet.records;
    expect(r.timestamp).toBe(1560161086000);
    expect(new Date(r.timestamp).toISOString()).toBe('2019-06-10T10:04:46.000Z');
    expect(r).toMatchObject({
      priority: 1,
      latitude: 0,
      longitude: 0,
      satellites: 0,
      speedKmh: 0,
      eventId: 1,
    });
    expect(ioMap(r)).toEqual({ 21: '03', 1: '01', 66: '5e0f', 241: '0000601a', 78: '0000000000000000' });
  });

  it('decodes the Codec 8 Extended example', () => {
    const packet = decodeAvlData(frameData(hex(DOC_CODEC8E)));
    expect(packet.codec).toBe(CODEC_8E);
    const [r] = packet.records;
    expect(r.timestamp).toBe(1560166592000);
    expect(r.eventId).toBe(1);
    const values = Object.fromEntries(r.io.map((io) => [io.id, [io.value.length, unsignedOf(io.value)]]));
    expect(values).toEqual({
      1: [1, 1],
      17: [2, 29],
      16: [4, 22949000],
      11: [8, 893700218],
      14: [8, 500686954],
    });
  });

  it('decodes the Codec 16 example with its generation type', () => {
    const packet = decodeAvlData(frameData(hex(DOC_CODEC16)));
    expect(packet.codec).toBe(CODEC_16);
    expect(packet.records).toHaveLength(2);
    const [first, second] = packet.records;
    expect(first.timestamp).toBe(1562760414000);
    expect(second.timestamp).toBe(1562760415000);
    expect(first.eventId).toBe(11);
    expect(first.generationType).toBe(5);
    expect(ioMap(first)).toEqual({ 1: '00', 3: '00', 11: '0027', 66: '563a' });
    expect(second.io.find((io) => io.id === 11)?.value.readUInt16BE()).toBe(38);
  });
});

describe('decodeAvlData: hand-built frames', () => {
  it('decodes a hand-written Codec 8 Extended record with every IO size and a variable-length element', () => {
    const data = hex(`
      8E 01
      0000018C471AFC00 02              // timestamp 1702000000000, priority 2 (panic)
      07E364D8 FABB61E8                // longitude 13.2343, latitude -8.8383
      00C8 010E 09 0032                // altitude 200, angle 270, 9 satellites, 50 km/h
      00F7                             // event IO 247
      0006                             // 6 IOs in total
      0001 00EF 01                     // 1-byte: 239 = 1
      0001 0042 3039                   // 2-byte: 66 = 12345
      0001 00C7 00001388               // 4-byte: 199 = 5000
      0001 004E 1122334455667788       // 8-byte: 78 = iButton
      0002 0100 0003 ABCDEF 0101 0000  // variable: 256 = ABCDEF, 257 = empty
      01`);
    const packet = decodeAvlData(data);
    const [r] = packet.records;
    expect(r.timestamp).toBe(1702000000000);
    expect(r.priority).toBe(2);
    expect(r.longitude).toBe(13.2343);
    expect(r.latitude).toBe(-8.8383);
    expect(r).toMatchObject({ altitude: 200, angle: 270, satellites: 9, speedKmh: 50, eventId: 247 });
    expect(r.io.map((io) => [io.id, io.value.toString('hex'), io.variable ?? false])).toEqual([
      [239, '01', false],
      [66, '3039', false],
      [199, '00001388', false],
      [78, '1122334455667788', false],
      [256, 'abcdef', true],
      [257, '', true],
    ]);
  });

  it('round-trips several Codec 16 records through the encoder', () => {
    const records: AvlRecord[] = [
      {
        timestamp: Date.UTC(2024, 4, 1, 8, 30),
        priority: 0,
        longitude: 13.2343,
        latitude: -8.8383,
        altitude: -12,
        angle: 359,
        satellites: 12,
        speedKmh: 92,
        eventId: 385,
        generationType: 2,
        io: [
          ioElement(239, 1, 1),
          ioElement(385, 2, 0xffff),
          ioElement(16, 4, 4_000_000_000),
          ioElement(300, 8, 2n ** 60n),
        ],
      },
      {
        timestamp: Date.UTC(2024, 4, 1, 8, 31),
        priority: 1,
        longitude: -9.1393,
        latitude: 38.7223,
        altitude: 80,
        angle: 0,
        satellites: 0,
        speedKmh: 0,
        eventId: 0,
        generationType: 7,
        io: [],
      },
    ];
    const packet = decodeAvlData(encodeAvlData(CODEC_16, records));
    expect(packet.codec).toBe(CODEC_16);
    expect(packet.records).toEqual(records);
  });

  it('round-trips Codec 8 and Codec 8 Extended records through the encoder', () => {
    const record: AvlRecord = {
      timestamp: 1700000000000,
      priority: 1,
      longitude: 13.2894,
      latitude: -8.8147,
      altitude: 45,
      angle: 90,
      satellites: 7,
      speedKmh: 61,
      eventId: 240,
      io: [ioElement(240, 1, 1), ioElement(67, 2, 4100), ioElement(72, 4, 215), ioElement(78, 8, 0xabcdefn)],
    };
    expect(decodeAvlData(encodeAvlData(CODEC_8, [record])).records).toEqual([record]);
    const extended = {
      ...record,
      eventId: 1000,
      io: [...record.io, ioVariable(385, Buffer.from('0102', 'hex'))],
    };
    expect(decodeAvlData(encodeAvlData(CODEC_8E, [extended])).records).toEqual([extended]);
  });
});

describe('decodeAvlData: malformed data', () => {
  const good = frameData(hex(DOC_CODEC8));

  it('rejects an unsupported codec', () => {
    const data = Buffer.from(good);
    data[0] = 0x07;
    expect(() => decodeAvlData(data)).toThrow(/unsupported codec 0x07/);
  });

  it('rejects truncated records', () => {
    expect(() => decodeAvlData(good.subarray(0, good.length - 5))).toThrow(TeltonikaDecodeError);
  });

  it('rejects differing record counts', () => {
    const data = Buffer.from(good);
    data[data.length - 1] = 2;
    expect(() => decodeAvlData(data)).toThrow(/record counts differ/);
  });

  it('rejects bytes left after the records', () => {
    const data = Buffer.concat([good.subarray(0, good.length - 1), Buffer.from([0x00, 0x01])]);
    expect(() => decodeAvlData(data)).toThrow(TeltonikaDecodeError);
  });

  it('rejects a timestamp no date can hold', () => {
    const data = Buffer.from(good);
    data.writeBigUInt64BE(0xffffffffffffffffn, 2);
    expect(() => decodeAvlData(data)).toThrow(/timestamp out of range/);
  });

  it('rejects empty data', () => {
    expect(() => decodeAvlData(Buffer.alloc(0))).toThrow(TeltonikaDecodeError);
  });
});
