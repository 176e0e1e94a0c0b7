import { describe, expect, it } from 'vitest';
import { driverChanges, hasTachoIo, SlotCards, type TachoRecord } from './driverChanges';
import { applyChanges, rowChanged } from './driverRow';
import { sampleKey, samplesToStore, SAMPLE_EVERY_MS, type LastSamples } from './stateSamples';

/** 8 ASCII characters as the tracker packs them (last first), as the server keeps 8-byte IO values. */
const packed = (text: string): string =>
  [...text.padEnd(8, '\u0000')]
    .map((c) => c.charCodeAt(0))
    .reverse()
    .reduce((n, b) => (n << 8n) | BigInt(b), 0n)
    .toString();
const textIo = (text: string) => '01' + Buffer.from(text, 'latin1').toString('hex');

const record = (time: number, attributes: Record<string, unknown>, deviceId = 7): TachoRecord => ({
  deviceId,
  time,
  attributes,
  plate: 'LD-00-11-AA',
});
const CARD = { io195: packed('00000001'), io196: packed('11020489') };

describe('driverChanges', () => {
  it('passes over records without tachograph elements', () => {
    expect(hasTachoIo({ io239: 1 })).toBe(false);
    expect(driverChanges(record(1, { io239: 1 }), new SlotCards())).toEqual([]);
  });

  it('gives the state of a record without card id to the card last seen in that slot', () => {
    const slots = new SlotCards();
    const first = driverChanges(
      record(1000, { ...CARD, io187: 1, io184: 3, io10518: textIo('JOÃO'), io10519: textIo('SILVA ') }),
      slots,
    );
    expect(first).toEqual([
      {
        card: '0000000111020489',
        deviceId: 7,
        slot: 1,
        time: 1000,
        plate: 'LD-00-11-AA',
        name: 'JOÃO',
        surname: 'SILVA',
        state: 3,
        cardPresent: true,
        counters: {},
      },
    ]);
    const next = driverChanges(record(2000, { io184: 2, io10530: 1500 }), slots);
    expect(next).toMatchObject([
      { card: '0000000111020489', state: 2, counters: { Driver1RemainingTimeUntilNextBreakOrRest: 1500 } },
    ]);
    // another vehicle's state is nobody's until its card is known
    expect(driverChanges(record(2000, { io184: 2 }, 8), slots)).toEqual([]);
  });

  it('ends the card in the slot when it is withdrawn, and moves it with the driver', () => {
    const slots = new SlotCards();
    driverChanges(record(1000, { ...CARD, io184: 3 }), slots);
    expect(driverChanges(record(2000, { io187: 0, io184: 0 }), slots)).toEqual([
      {
        card: '0000000111020489',
        deviceId: 7,
        slot: 1,
        time: 2000,
        plate: 'LD-00-11-AA',
        cardPresent: false,
        counters: {},
      },
    ]);
    expect(driverChanges(record(3000, { io184: 0 }), slots)).toEqual([]);
    driverChanges(record(4000, { ...CARD, io184: 1 }, 9), slots);
    expect(slots.get(9, 1)).toBe('0000000111020489');
    expect(slots.get(7, 1)).toBeUndefined();
  });

  it('skips a driver whose card number is not letters and digits', () => {
    const slots = new SlotCards();
    expect(driverChanges(record(1000, { io195: packed('00\u0001\u00ff!'), io184: 3 }), slots)).toEqual([]);
    expect(slots.get(7, 1)).toBeUndefined();
    expect(driverChanges(record(1000, { io195: packed('ab 12'), io184: 3 }), slots)).toMatchObject([
      { card: 'AB12' },
    ]);
  });

  it('reads the co-driver slot and the VRN the tachograph sends', () => {
    const slots = new SlotCards();
    const out = driverChanges(
      record(1000, {
        io197: packed('87654321'),
        io198: packed('DRIVER02'),
        io185: 1,
        io231: packed('AB-12-'),
        io232: packed('CD'),
      }),
      slots,
    );
    expect(out).toMatchObject([{ card: '87654321DRIVER02', slot: 2, state: 1, plate: 'AB-12-CD' }]);
  });
});

describe('applyChanges', () => {
  const slots = new SlotCards();
  const a = driverChanges(record(1000, { ...CARD, io184: 3, io10530: 1500, io10528: 2700 }), slots);
  const b = driverChanges(record(5000, { io184: 0, io10519: textIo('SILVA') }), slots);
  const late = driverChanges(record(3000, { io184: 2 }), slots);

  it('folds newer changes in; an older record does not turn the row back', () => {
    const row = applyChanges(undefined, [...a, ...b, ...late])!;
    expect(row).toEqual({
      cardNumber: '0000000111020489',
      name: '',
      surname: 'SILVA',
      deviceId: 7,
      licensePlate: 'LD-00-11-AA',
      slot: 1,
      lastSeen: 5000,
      workingState: 0,
      cardPresent: null,
      counters: { Driver1RemainingTimeUntilNextBreakOrRest: 1500, Driver1DurationOfNextBreakRest: 2700 },
      countersTime: 1000,
    });
    expect(rowChanged(row, applyChanges(row, late)!)).toBe(false);
    expect(rowChanged(row, applyChanges(row, driverChanges(record(6000, { io184: 3 }), slots))!)).toBe(true);
  });

  it('keeps a reported 4 or 5 as the row state, not error (6) or not available (7)', () => {
    const own = new SlotCards();
    const four = driverChanges(record(1000, { ...CARD, io184: 4 }), own);
    expect(four).toMatchObject([{ card: '0000000111020489', state: 4 }]);
    const row = applyChanges(undefined, four)!;
    expect(row.workingState).toBe(4);
    const five = applyChanges(row, driverChanges(record(2000, { io184: '5' }), own))!;
    expect(five.workingState).toBe(5);
    expect(rowChanged(row, five)).toBe(true);
  });
});

describe('samplesToStore', () => {
  it('keeps changes and a repeat every few minutes, not every record', () => {
    const slots = new SlotCards();
    const last: LastSamples = new Map();
    const at = (t: number, state: number) => driverChanges(record(t, { ...CARD, io184: state }), slots);
    const changes = [
      ...at(0, 3),
      ...at(1000, 3),
      ...at(2000, 0),
      ...at(2000 + SAMPLE_EVERY_MS - 1, 0),
      ...at(2000 + SAMPLE_EVERY_MS, 0),
    ];
    expect(samplesToStore(changes, last).map((s) => [s.time, s.state])).toEqual([
      [0, 3],
      [2000, 0],
      [2000 + SAMPLE_EVERY_MS, 0],
    ]);
    // a late record fills the history; the newest sample stays the reference
    expect(samplesToStore(at(500, 2), last).map((s) => s.time)).toEqual([500]);
    expect(last.get(sampleKey(7, '0000000111020489'))).toEqual({ time: 2000 + SAMPLE_EVERY_MS, state: 0 });
  });

  it('stores a reported 4 and 5 as they are, each a change of its own', () => {
    const slots = new SlotCards();
    const last: LastSamples = new Map();
    const at = (t: number, state: number) => driverChanges(record(t, { ...CARD, io184: state }), slots);
    const changes = [...at(0, 3), ...at(1000, 4), ...at(2000, 6), ...at(3000, 5), ...at(4000, 7)];
    expect(samplesToStore(changes, last).map((s) => [s.time, s.state])).toEqual([
      [0, 3],
      [1000, 4],
      [2000, 6],
      [3000, 5],
      [4000, 7],
    ]);
  });
});
