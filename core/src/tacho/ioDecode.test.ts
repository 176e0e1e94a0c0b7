import { describe, expect, it } from 'vitest';
import { cardNumber, decodeTachoIo, ioBytes, mirroredAscii, tachoText } from './ioDecode';
import { TACHO_IO_IDS } from './ioTable';

/** How the tracker packs 8 ASCII characters into one IO value: last character first, as a decimal string. */
const packed = (text: string): string => {
  const bytes = [...text.padEnd(8, '\u0000')].map((c) => c.charCodeAt(0)).reverse();
  return bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n).toString();
};

/** A text element as the server keeps variable-length IO: hex of code page 1 (ISO-8859-1) and the text. */
const textIo = (text: string): string =>
  '01' + [...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');

describe('card id halves (195/196, 197/198)', () => {
  it("reads the vendor's example: mirrored ASCII halves joined", () => {
    // Teltonika's "How to read Driver ID": 3544385890265608240 = 0x3130303030303030 -> "10000000" -> "00000001"
    expect(mirroredAscii('3544385890265608240')).toBe('00000001');
    expect(mirroredAscii('4123102840462782769')).toBe('11020489');
    expect(cardNumber('3544385890265608240', '4123102840462782769')).toBe('0000000111020489');
  });
  it('takes numbers, bigints, hex and bytes alike', () => {
    expect(mirroredAscii(3544385890265608240n)).toBe('00000001');
    expect(mirroredAscii(Uint8Array.from([0x31, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30]))).toBe('00000001');
    expect(mirroredAscii(0x41)).toBe('A');
    expect(ioBytes('0a0b')).toEqual(Uint8Array.from([10, 11]));
    expect(ioBytes('xyz')).toBeUndefined();
    expect(ioBytes('18446744073709551616')).toBeUndefined();
  });
  it('has no card when both halves are zero', () => {
    expect(cardNumber(0, 0)).toBeUndefined();
  });
});

describe('tachoText', () => {
  it('skips the code-page byte, reads Latin-1 and trims the padding', () => {
    expect(tachoText(textIo('JOÃO   '))).toBe('JOÃO');
    // variable-length elements are kept as hex: a name whose hex holds only digits is still text
    expect(tachoText('01525549')).toBe('RUI');
    expect(tachoText('')).toBe('');
    expect(tachoText(undefined)).toBe('');
  });
});

describe('decodeTachoIo', () => {
  it('reads both drivers, their cards, states and counters from position attributes', () => {
    const io = decodeTachoIo({
      io184: 3,
      io185: 4,
      io187: 1,
      io188: 0,
      io195: '3544385890265608240',
      io196: '4123102840462782769',
      io197: packed('87654321'),
      io198: packed('DRIVER02'),
      io56: 9000,
      io58: 900,
      io60: 300,
      io10507: 18_000,
      io10508: 90_000,
      io10509: 19_800,
      io10518: textIo('JOÃO'),
      io10519: textIo('SILVA     '),
      io10522: 502_200,
      io10524: 32_400,
      io10526: 86_400,
      io10528: 2700,
      io10530: 1500,
      io10531: 600,
      io10529: 1800,
      io10523: 10_800,
      io10525: 39_600,
      io10527: 162_000,
      io239: 1,
    });
    expect(io).toEqual({
      driver1: {
        state: 3,
        cardPresent: true,
        card: '0000000111020489',
        firstName: 'JOÃO',
        surname: 'SILVA',
        continuousDriving: 9000,
        cumulativeBreak: 900,
        selectedActivityDuration: 300,
        dailyDriving: 18_000,
        weeklyDriving: 90_000,
        counters: {
          Driver1RemainingTimeUntilNextBreakOrRest: 1500,
          Driver1DurationOfNextBreakRest: 2700,
          Driver1TimeLeftUntilNewDailyRestPeriod: 19_800,
          Driver1TimeLeftUntilNewWeeklyRestPeriod: 502_200,
          Driver1MinimumDailyRest: 32_400,
          Driver1MinimumWeeklyRest: 86_400,
        },
      },
      driver2: {
        // a reported 4 is kept as it is (document 3 §4 shows it blank), not turned into error (6)
        state: 4,
        cardPresent: false,
        card: '87654321DRIVER02',
        counters: {
          Driver1RemainingTimeUntilNextBreakOrRest: 600,
          Driver1DurationOfNextBreakRest: 1800,
          Driver1TimeLeftUntilNewWeeklyRestPeriod: 10_800,
          Driver1MinimumDailyRest: 39_600,
          Driver1MinimumWeeklyRest: 162_000,
        },
      },
    });
  });

  it('reads an IO map by id, keeps a reported 5 and reads the vehicle plate and VIN', () => {
    const io = decodeTachoIo(
      new Map<number, unknown>([
        [185, 5],
        [231, packed('AB-12-')],
        [232, packed('CD')],
        [233, packed('WDB96340')],
        [234, packed('31L12345')],
        [235, packed('6')],
      ]),
    );
    expect(io).toEqual({
      driver2: { state: 5, counters: {} },
      vehicle: { vrn: 'AB-12-CD', vin: 'WDB9634031L123456' },
    });
  });

  it('accepts plain numeric keys and ignores values outside the table', () => {
    expect(decodeTachoIo({ '184': '0', io10530: 'x', io184x: 3 })).toEqual({
      driver1: { state: 0, counters: {} },
    });
  });

  it('is empty for a record without tachograph elements', () => {
    expect(decodeTachoIo({ io239: 1, io240: 0 })).toEqual({});
    expect(decodeTachoIo(new Map())).toEqual({});
  });

  it('lists each id once', () => {
    expect(new Set(TACHO_IO_IDS).size).toBe(TACHO_IO_IDS.length);
    expect(TACHO_IO_IDS).toHaveLength(36);
  });
});
