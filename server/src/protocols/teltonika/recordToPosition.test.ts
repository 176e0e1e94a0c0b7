import { describe, expect, it, vi } from 'vitest';
import { hasFastProperties } from '../../db/testing/objectShape';
import { ioElement } from './avlEncoder';
import type { AvlRecord } from './avlRecord';
import { decodeAvlPositions, recordToPosition } from './recordToPosition';
import { DOC_CODEC16, DOC_CODEC8, DOC_CODEC8E, frameData, hex } from './vectors.testdata';

const IMEI = '356307042441013';

const record = (overrides: Partial<AvlRecord> = {}): AvlRecord => ({
  timestamp: Date.UTC(2024, 0, 15, 12, 0, 0),
  priority: 0,
  longitude: 13.2343,
  latitude: -8.8383,
  altitude: 74,
  angle: 181,
  satellites: 11,
  speedKmh: 100,
  eventId: 0,
  io: [],
  ...overrides,
});

describe('recordToPosition', () => {
  it('builds a position with speed in knots and the fix fields', () => {
    const p = recordToPosition(record({ io: [ioElement(239, 1, 1)] }), IMEI);
    expect(p).toMatchObject({
      protocol: 'teltonika',
      uniqueId: IMEI,
      latitude: -8.8383,
      longitude: 13.2343,
      altitude: 74,
      course: 181,
      valid: true,
      event: 0,
    });
    expect(p.speed).toBeCloseTo(100 / 1.852, 10);
    expect(p.fixTime.toISOString()).toBe('2024-01-15T12:00:00.000Z');
    expect(p.deviceTime.getTime()).toBe(p.fixTime.getTime());
    expect(p.attributes).toEqual({ priority: 0, sat: 11, event: 0, io239: 1, ignition: true });
  });

  it('is invalid without satellites', () => {
    expect(recordToPosition(record({ satellites: 0 }), IMEI).valid).toBe(false);
  });

  it('is invalid at (0, 0) even with satellites', () => {
    expect(recordToPosition(record({ latitude: 0, longitude: 0 }), IMEI).valid).toBe(false);
  });

  it('is valid on the equator or the meridian alone', () => {
    expect(recordToPosition(record({ latitude: 0 }), IMEI).valid).toBe(true);
    expect(recordToPosition(record({ longitude: 0 }), IMEI).valid).toBe(true);
  });

  it('is invalid with coordinates out of range', () => {
    expect(recordToPosition(record({ latitude: 95 }), IMEI).valid).toBe(false);
    expect(recordToPosition(record({ longitude: -200 }), IMEI).valid).toBe(false);
  });

  it('raises sos for panic priority records', () => {
    const p = recordToPosition(record({ priority: 2, io: [ioElement(252, 1, 1)] }), IMEI);
    expect(p.attributes.priority).toBe(2);
    expect(p.attributes.alarm).toBe('sos,powerCut');
  });

  it('keeps the event IO id as event and the Codec 16 generation type', () => {
    const p = recordToPosition(record({ eventId: 385, generationType: 6 }), IMEI);
    expect(p.event).toBe(385);
    expect(p.attributes.event).toBe(385);
    expect(p.attributes.generationType).toBe(6);
  });
});

describe('decodeAvlPositions: documentation examples', () => {
  it('Codec 8: time, priority, no fix, IOs 21=3, 1=1, 66=24079, 241=24602, 78=0', () => {
    const [p] = decodeAvlPositions(frameData(hex(DOC_CODEC8)), IMEI);
    expect(p.fixTime.toISOString()).toBe('2019-06-10T10:04:46.000Z');
    expect(p).toMatchObject({ latitude: 0, longitude: 0, valid: false, speed: 0 });
    expect(p.attributes).toEqual({
      priority: 1,
      sat: 0,
      event: 1,
      io21: 3,
      rssi: 3,
      io1: 1,
      in1: true,
      io66: 24079,
      power: 24.079,
      io241: 24602,
      operator: 24602,
      io78: 0,
    });
  });

  it('Codec 8 Extended: IOs 1=1, 17=29, 16=22949000, 11=893700218, 14=500686954', () => {
    const [p] = decodeAvlPositions(frameData(hex(DOC_CODEC8E)), IMEI);
    expect(p.fixTime.getTime()).toBe(1560166592000);
    expect(p.attributes).toMatchObject({
      io1: 1,
      in1: true,
      io17: 29,
      axisX: 29,
      io16: 22949000,
      odometer: 22949000,
      io11: 893700218,
      io14: 500686954,
    });
  });

  it('Codec 16: two records, the first with IOs 1=0, 3=0, 11=39, 66=22074', () => {
    const positions = decodeAvlPositions(frameData(hex(DOC_CODEC16)), IMEI);
    expect(positions).toHaveLength(2);
    expect(positions[0].fixTime.getTime()).toBe(1562760414000);
    expect(positions[0].attributes).toMatchObject({
      io1: 0,
      in1: false,
      io3: 0,
      io11: 39,
      io66: 22074,
      power: 22.074,
    });
    expect(positions[1].attributes.io11).toBe(38);
  });

  it('leaves the attributes of a record of many IO elements a fast object (a quick JSON text, quick reads)', async () => {
    // the decoder afresh: the attribute setters' cache is per process, and the fuzz tests in this worker
    // may have filled it with random IO ids
    vi.resetModules();
    const fresh = await import('./recordToPosition');
    // 24 one-byte elements, ids 1..24, most of them named too (in1..in4, odometer, rssi, …)
    const io = Array.from({ length: 24 }, (_, i) => ioElement(i + 1, 1, i));
    const p = fresh.recordToPosition(record({ io }), IMEI);
    expect(Object.keys(p.attributes).length).toBeGreaterThan(24);
    expect(hasFastProperties(p.attributes)).toBe(true);
  });
});
