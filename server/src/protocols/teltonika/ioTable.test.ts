import { describe, expect, it } from 'vitest';
import { ioElement, ioVariable } from './avlEncoder';
import type { AvlIo } from './avlRecord';
import { addAlarm, applyIo, IO_TABLE } from './ioTable';

const attributesOf = (...ios: AvlIo[]) => {
  const attributes: Record<string, unknown> = {};
  for (const io of ios) applyIo(attributes, io);
  return attributes;
};

/** [IO id, value size, raw value, attribute, expected value] — one per table row. */
const ROWS: [number, 1 | 2 | 4 | 8, number | bigint, string, unknown][] = [
  [1, 1, 1, 'in1', true],
  [2, 1, 0, 'in2', false],
  [3, 1, 1, 'in3', true],
  [4, 1, 1, 'in4', true],
  [9, 2, 4567, 'adc1', 4.567],
  [10, 2, 12000, 'adc2', 12],
  [16, 4, 22949000, 'odometer', 22949000],
  [17, 2, -250, 'axisX', -250],
  [18, 2, 31, 'axisY', 31],
  [19, 2, -1003, 'axisZ', -1003],
  [21, 1, 4, 'rssi', 4],
  [31, 1, 57, 'engineLoad', 57],
  [32, 1, -20, 'coolantTemp', -20],
  [36, 2, 1850, 'rpm', 1850],
  [66, 2, 24079, 'power', 24.079],
  [67, 2, 4012, 'battery', 4.012],
  [68, 2, 250, 'batteryCurrent', 0.25],
  [69, 1, 1, 'gnssStatus', 1],
  [72, 4, 215, 'temp1', 21.5],
  [73, 4, -55, 'temp2', -5.5],
  [74, 2, 300, 'temp3', 30],
  [75, 4, 0, 'temp4', 0],
  [78, 8, 0x01a2b3c4d5e6f708n, 'driverUniqueId', '01A2B3C4D5E6F708'],
  [81, 1, 88, 'obdSpeed', 88],
  [83, 4, 12345, 'fuelUsed', 1234.5],
  [84, 2, 455, 'fuelLiters', 45.5],
  [85, 2, 2100, 'rpm', 2100],
  [87, 4, 150000000, 'obdOdometer', 150000000],
  [89, 1, 63, 'fuel', 63],
  [113, 1, 87, 'batteryLevel', 87],
  [179, 1, 1, 'out1', true],
  [180, 1, 0, 'out2', false],
  [181, 2, 12, 'pdop', 1.2],
  [182, 2, 9, 'hdop', 0.9],
  [199, 4, 5300, 'tripOdometer', 5300],
  [200, 1, 2, 'sleepMode', 2],
  [236, 1, 1, 'alarm', 'general'],
  [239, 1, 1, 'ignition', true],
  [240, 1, 0, 'motion', false],
  [241, 4, 24602, 'operator', 24602],
  [246, 1, 1, 'alarm', 'tow'],
  [247, 1, 2, 'alarm', 'accident'],
  [249, 1, 1, 'alarm', 'jamming'],
  [251, 1, 1, 'idling', true],
  [252, 1, 1, 'alarm', 'powerCut'],
  [253, 1, 2, 'alarm', 'hardBraking'],
];

describe('IO table', () => {
  it.each(ROWS)('IO %i (%i bytes, raw %s) -> %s = %o', (id, size, raw, key, expected) => {
    const attributes = attributesOf(ioElement(id, size, raw));
    expect(attributes[key]).toEqual(expected);
    expect(attributes).toHaveProperty(`io${id}`);
  });

  it('has a test row for every table row', () => {
    expect(new Set(ROWS.map(([id]) => id))).toEqual(new Set(IO_TABLE.map((row) => row.id)));
  });

  it('maps every green driving type to its alarm and ignores unknown types', () => {
    expect(attributesOf(ioElement(253, 1, 1)).alarm).toBe('hardAcceleration');
    expect(attributesOf(ioElement(253, 1, 3)).alarm).toBe('hardCornering');
    expect(attributesOf(ioElement(253, 1, 0))).toEqual({ io253: 0 });
  });

  it('sets no alarm for alarm IOs that are 0', () => {
    expect(attributesOf(ioElement(246, 1, 0), ioElement(252, 1, 0))).toEqual({ io246: 0, io252: 0 });
  });

  it('joins several alarms of one record without repeating one', () => {
    const attributes = attributesOf(ioElement(252, 1, 1), ioElement(253, 1, 1));
    addAlarm(attributes, 'powerCut');
    expect(attributes.alarm).toBe('powerCut,hardAcceleration');
  });

  it('sets no driver for an iButton value of 0, but keeps io78', () => {
    expect(attributesOf(ioElement(78, 8, 0))).toEqual({ io78: 0 });
  });

  it('pads short iButton ids to 16 uppercase hex digits', () => {
    expect(attributesOf(ioElement(78, 8, 0xabcn)).driverUniqueId).toBe('0000000000000ABC');
  });
});

describe('raw IO values', () => {
  it.each([48, 87, 192, 200, 497, 498])('keeps io%i as sent', (id) => {
    expect(attributesOf(ioElement(id, 2, 777))[`io${id}`]).toBe(777);
  });

  it('keeps IOs the table does not name, of every size', () => {
    expect(
      attributesOf(
        ioElement(500, 1, 255),
        ioElement(501, 2, 65535),
        ioElement(502, 4, 4294967295),
        ioElement(503, 8, 2n ** 40n),
      ),
    ).toEqual({ io500: 255, io501: 65535, io502: 4294967295, io503: 2 ** 40 });
  });

  it('keeps 8-byte values beyond exact JS numbers as decimal strings', () => {
    expect(attributesOf(ioElement(11, 8, 0x8000000000000001n)).io11).toBe('9223372036854775809');
  });

  it('keeps variable-length elements as hex and does not convert them', () => {
    expect(
      attributesOf(ioVariable(239, Buffer.from([0x01, 0xfe])), ioVariable(385, Buffer.alloc(0))),
    ).toEqual({
      io239: '01fe',
      io385: '',
    });
  });
});
