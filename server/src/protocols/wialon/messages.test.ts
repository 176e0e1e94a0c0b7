import { describe, expect, it } from 'vitest';
import { ProtocolDecodeError } from '../framed/codec';
import { decodeWialonFrame, type WialonState } from './messages';
import { packet20 } from './simulate';
import * as v from './vectors.testdata';

const NOW = new Date('2026-03-01T12:00:00Z');
const KNOTS_PER_KMH = 1 / 1.852;

function decode(packet: string | Buffer, version?: string) {
  const state: WialonState = { version };
  const message = decodeWialonFrame(typeof packet === 'string' ? v.line(packet) : packet, state, NOW);
  return {
    ...message,
    ack: message.ack?.toString('latin1'),
    refuse: message.refuse?.toString('latin1'),
    state,
  };
}

describe('logins and pings', () => {
  it('accepts a login, remembering its version, and refuses with #AL#0', () => {
    const message = decode(packet20('L', '2.0;356307042441013;NA;'));
    expect(message).toMatchObject({
      uniqueId: '356307042441013',
      positions: [],
      ack: '#AL#1\r\n',
      refuse: '#AL#0\r\n',
      state: { version: '2.0' },
    });
    expect(decode(v.TRACCAR_LOGIN_11)).toMatchObject({
      uniqueId: '123456789012345',
      state: { version: '1.1' },
    });
  });

  it('answers #AL#10 to a login whose CRC fails, naming no device', () => {
    const message = decode(v.TRACCAR_LOGIN_20_BAD_CRC);
    expect(message.uniqueId).toBeUndefined();
    expect(message.ack).toBe('#AL#10\r\n');
    expect(message.refuse).toBe('#AL#10\r\n');
  });

  it('answers a ping', () => {
    expect(decode(v.TRACCAR_PING, '2.0')).toMatchObject({ positions: [], ack: '#AP#\r\n' });
  });

  it('closes on what is not the protocol', () => {
    for (const text of ['hello', 'GET / HTTP/1.1', '#L', '##', '#lower#x', 'a;b;c#D#x', '#I#photo'])
      expect(() => decode(text), text).toThrow(ProtocolDecodeError);
  });
});

describe('version 2.0 data', () => {
  it('decodes a short data packet a device sent', () => {
    const { positions, ack } = decode(v.TRACCAR_SD_20, '2.0');
    expect(ack).toBe('#ASD#1\r\n');
    expect(positions).toHaveLength(1);
    const [fix] = positions;
    expect(fix.fixTime).toEqual(new Date('2024-09-30T15:42:45Z'));
    expect(fix.latitude).toBeCloseTo(55.9058342, 7); // 55° 54.350052'
    expect(fix.longitude).toBeCloseTo(36.7445068333, 7); // 36° 44.670410'
    expect(fix.speed).toBeCloseTo(1.576673866, 6); // 2.92 km/h
    expect(fix.course).toBe(0);
    expect(fix.altitude).toBe(0);
    expect(fix.valid).toBe(true);
    expect(fix.attributes).toEqual({});
  });

  it('decodes an extended data packet with its parameters', () => {
    const { positions, ack } = decode(v.TRACCAR_D_20, '2.0');
    expect(ack).toBe('#AD#1\r\n');
    const [fix] = positions;
    expect(fix.fixTime).toEqual(new Date('2023-03-22T11:41:50Z'));
    expect(fix.latitude).toBeCloseTo(22.5800798333, 8);
    expect(fix.longitude).toBeCloseTo(113.914631, 8);
    expect(fix.speed).toBe(0);
    expect(fix.altitude).toBe(59);
    expect(fix.valid).toBe(true);
    expect(fix.attributes).toEqual({ sat: 11, d_battr: 94, d_csq: 21, di_light: 1 });
  });

  it('decodes a Wialon-retranslated packet: negative altitude, HDOP, course', () => {
    const [fix] = decode(v.TRACCAR_D_20_WIALON, '2.0').positions;
    expect(fix.fixTime).toEqual(new Date('2018-11-10T06:11:43Z'));
    expect(fix.latitude).toBeCloseTo(7.9348833333, 8);
    expect(fix.longitude).toBeCloseTo(123.644005, 8);
    expect(fix.speed).toBeCloseTo(18.223 * KNOTS_PER_KMH, 9);
    expect(fix.course).toBe(99.766);
    expect(fix.altitude).toBe(-4);
    expect(fix.attributes).toMatchObject({
      sat: 10,
      hdop: 0.8,
      '101_521126': 6593598,
      '101_521072_21.2': 71353,
    });
  });

  it('takes the device id from a version;id prefix', () => {
    const message = decode(v.TRACCAR_D_20_PREFIXED);
    expect(message.uniqueId).toBe('99999999');
    expect(message.ack).toBe('#AD#1\r\n');
    expect(message.positions[0].fixTime).toEqual(new Date('2018-11-10T06:11:43Z'));
  });

  it('gives a record without time the server time, and reads ADC values', () => {
    const [fix] = decode(v.TRACCAR_D_20_NO_TIME, '2.0').positions;
    expect(fix.fixTime).toEqual(NOW);
    expect(fix.latitude).toBeCloseTo(54.494699075, 8);
    expect(fix.longitude).toBeCloseTo(26.910067275, 8);
    expect(fix.attributes).toMatchObject({ adc1: 1, m1: 9196679, fuel1: 21588, pv1: 35.98, finish: 1 });
  });

  it('stores a record without coordinates as no fix at (0, 0)', () => {
    const { positions, ack } = decode(v.TRACCAR_D_20_NO_FIX, '2.0');
    expect(ack).toBe('#AD#1\r\n');
    expect(positions[0]).toMatchObject({ latitude: 0, longitude: 0, valid: false });
    expect(positions[0].fixTime).toEqual(new Date('2019-03-12T11:20:03Z'));
    expect(positions[0].attributes).toMatchObject({ sat: 0, '101_521055_2.9': 509 });
  });

  it('answers a checksum error and stores nothing when the CRC fails', () => {
    const badD = v.TRACCAR_D_20.replace('E7C9', 'E7C8');
    expect(decode(badD, '2.0')).toMatchObject({ positions: [], ack: '#AD#16\r\n' });
    const badSd = v.TRACCAR_SD_20.replace('154245', '154246');
    expect(decode(badSd, '2.0')).toMatchObject({ positions: [], ack: '#ASD#13\r\n' });
    // a 1.1 packet on a 2.0 connection has no CRC to check
    expect(decode(v.TRACCAR_SD_11, '2.0')).toMatchObject({ positions: [], ack: '#ASD#13\r\n' });
  });

  it('answers each field error with its code and stores nothing', () => {
    const d = (fields: string) => decode(packet20('D', `${fields};`), '2.0');
    const ok = '010326;120000;5544.6025;N;03739.6834;E;10;90;100;8;1.2;1;0;NA;NA;NA';
    expect(d(ok).ack).toBe('#AD#1\r\n');
    const cases: [string, string][] = [
      ['010326;120000;5544.6025;N;03739.6834;E;10;90;100;8', '-1'], // 10 fields in a D
      ['320326;120000;5544.6025;N;03739.6834;E;10;90;100;8;1.2;1;0;NA;NA;NA', '0'],
      ['010326;120000;5564.6025;N;03739.6834;E;10;90;100;8;1.2;1;0;NA;NA;NA', '10'],
      ['010326;120000;5544.6025;N;03739.6834;E;-5;90;100;8;1.2;1;0;NA;NA;NA', '11'],
      ['010326;120000;5544.6025;N;03739.6834;E;10;90;100;x;1.2;1;0;NA;NA;NA', '12'],
      ['010326;120000;5544.6025;N;03739.6834;E;10;90;100;8;bad;1;0;NA;NA;NA', '12'],
      ['010326;120000;5544.6025;N;03739.6834;E;10;90;100;8;1.2;one;0;NA;NA;NA', '13'],
      ['010326;120000;5544.6025;N;03739.6834;E;10;90;100;8;1.2;1;0;1.5,x;NA;NA', '14'],
      ['010326;120000;5544.6025;N;03739.6834;E;10;90;100;8;1.2;1;0;NA;NA;fuel:2:lots', '15'],
    ];
    for (const [fields, code] of cases)
      expect(d(fields), fields).toMatchObject({ positions: [], ack: `#AD#${code}\r\n` });
    const sd = (fields: string) => decode(packet20('SD', `${fields};`), '2.0').ack;
    expect(sd('010326;996000;5544.6025;N;03739.6834;E;10;90;100;8')).toBe('#ASD#0\r\n');
    expect(sd('010326;120000;5544.6025;X;03739.6834;E;10;90;100;8')).toBe('#ASD#10\r\n');
    expect(sd('010326;120000;5544.6025;N;03739.6834;E;10;400;100;8')).toBe('#ASD#11\r\n');
    expect(sd('010326;120000;5544.6025;N;03739.6834;E;10;90;100;-1')).toBe('#ASD#12\r\n');
    expect(sd('010326;120000;5544.6025;N;03739.6834;E;10;90;100')).toBe('#ASD#-1\r\n');
  });

  it('counts the black-box records registered, after checking the CRC', () => {
    const records = [
      '010326;120000;5544.6025;N;03739.6834;E;10;90;100;8',
      '010326;120100;5544.7025;N;03739.6834;E;12;90;100;8;NA;NA;NA;NA;NA;ign:1:1',
      '010326;120200;5564.0000;N;03739.6834;E;12;90;100;8', // 64 minutes: not registered
    ];
    const { positions, ack } = decode(packet20('B', `${records.join('|')}|`), '2.0');
    expect(ack).toBe('#AB#2\r\n');
    expect(positions.map((p) => p.fixTime.toISOString())).toEqual([
      '2026-03-01T12:00:00.000Z',
      '2026-03-01T12:01:00.000Z',
    ]);
    expect(positions[1].attributes).toEqual({ sat: 8, ignition: true });
    const tampered = Buffer.from(
      packet20('B', `${records.join('|')}|`)
        .toString()
        .replace('120100', '120101'),
    );
    expect(decode(tampered, '2.0')).toMatchObject({ positions: [], ack: '#AB#\r\n' });
  });
});

describe('version 1.1 data (no CRC)', () => {
  it('decodes the short data example', () => {
    const { positions, ack } = decode(v.TRACCAR_SD_11, '1.1');
    expect(ack).toBe('#ASD#1\r\n');
    const [fix] = positions;
    expect(fix.fixTime).toEqual(new Date('2013-04-27T20:56:01Z'));
    expect(fix.latitude).toBeCloseTo(55.743375, 9);
    expect(fix.longitude).toBeCloseTo(37.66139, 9);
    expect(fix.speed).toBeCloseTo(KNOTS_PER_KMH, 9);
    expect(fix.course).toBe(2);
    expect(fix.altitude).toBe(3);
    expect(fix.attributes).toEqual({ sat: 4 });
    expect(fix.valid).toBe(true);
  });

  it('takes the id of a bare id prefix as version 1.1', () => {
    const message = decode(v.TRACCAR_SD_11_PREFIXED);
    expect(message.uniqueId).toBe('99999999');
    expect(message.positions[0].latitude).toBeCloseTo(55.743375, 9);
    expect(message.state.version).toBe('1.1');
  });

  it('reads an empty course as none', () => {
    const [fix] = decode(v.TRACCAR_SD_11_EMPTY_COURSE, '1.1').positions;
    expect(fix.course).toBe(0);
    expect(fix.altitude).toBe(170.9);
    expect(fix.latitude).toBeCloseTo(22.6292533333, 8);
    expect(fix.longitude).toBeCloseTo(114.0814183333, 8);
  });

  it('decodes the document extended data example: inputs, outputs, ADC, typed parameters', () => {
    const [fix] = decode(v.DOC_D_11, '1.1').positions;
    expect(fix.attributes).toEqual({
      sat: 4,
      hdop: 0,
      ...Object.fromEntries(
        [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [
          [`in${n}`, false],
          [`out${n}`, false],
        ]),
      ),
      adc1: 14.77,
      adc2: 0.02,
      adc3: 3.6,
      count1: 564,
      fuel: 45.8,
      hw: 'V4.5',
    });
  });

  it('sets in1..inN from the inputs bit mask', () => {
    const [fix] = decode(v.TRACCAR_D_11_INPUTS, '1.1').positions;
    // 241 = 1111 0001
    expect(fix.attributes).toMatchObject({
      in1: true,
      in2: false,
      in4: false,
      in5: true,
      in8: true,
      hdop: 1,
    });
    expect(fix.attributes.in9).toBeUndefined();
    expect(fix.speed).toBeCloseTo(87 * KNOTS_PER_KMH, 9);
    expect(fix.latitude).toBeCloseTo(53.3524433333, 8);
    const wide = decode(v.TRACCAR_D_11_WIDE_INPUTS, '1.1').positions[0].attributes;
    // 452986639 = 1 1011 0000 0000 0000 0111 0000 1111 (binary)
    expect(wide).toMatchObject({ in1: true, in4: true, in5: false, in9: true, in11: true, in12: false });
    expect(wide).toMatchObject({ in25: true, in26: true, in27: false, in28: true, in29: true, adc1: 106 });
    expect(wide.in30).toBeUndefined();
  });

  it('reads motion and battery level sent as text, and no alarm for SOS 0', () => {
    expect(decode(v.TRACCAR_D_11_MOTION, '1.1').positions[0].attributes.motion).toBe(false);
    const [fix] = decode(v.TRACCAR_D_11_BATTERY, '1.1').positions;
    expect(fix).toMatchObject({ latitude: 0, longitude: 0, valid: false, fixTime: NOW });
    expect(fix.attributes).toEqual({ temp: '18', batteryLevel: 99 });
  });

  it('registers both records of a black box, and none with impossible coordinates', () => {
    const { positions, ack } = decode(v.TRACCAR_B_11, '1.1');
    expect(ack).toBe('#AB#2\r\n');
    expect(positions[1].fixTime).toEqual(new Date('2014-09-08T07:34:20Z'));
    expect(positions[1].latitude).toBeCloseTo(50.4584741667, 8);
    expect(positions[1].longitude).toBeCloseTo(30.4364756667, 8);
    expect(positions[1].speed).toBeCloseTo(1.996 * KNOTS_PER_KMH, 9);
    expect(positions[1].course).toBe(292.54);
    expect(positions[0].attributes).toEqual({ sat: 4, Батарея: '100 %' });
    expect(decode(v.TRACCAR_B_11_BAD_MINUTES, '1.1')).toMatchObject({ positions: [], ack: '#AB#0\r\n' });
  });
});
