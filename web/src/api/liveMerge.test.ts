import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { ensureLanguage } from '../app/i18n';
import { eventText, LiveFold, mergeBy } from './liveMerge';
import { socketUrl } from './liveSocket';
import type { AppEvent, LiveMessage, Position } from './types';

const position = (id: number, deviceId: number): Position => ({
  id,
  deviceId,
  fixTime: '2026-01-01T00:00:00Z',
  latitude: 0,
  longitude: 0,
  speed: 0,
  course: 0,
  valid: true,
  attributes: {},
});

const event = (id: number, attributes: AppEvent['attributes'], type = 'alarm'): AppEvent => ({
  id,
  type,
  eventTime: '2026-01-01T00:00:00Z',
  deviceId: 1,
  attributes,
});

/** The batch of a flush whose window brought `messages`. */
function drainMessages(messages: LiveMessage[]) {
  const fold = new LiveFold();
  for (const message of messages) fold.add(message);
  return fold.take();
}

describe('folding a flush window', () => {
  it('keeps the last position per device and every event in order', () => {
    const batch = drainMessages([
      { positions: [position(1, 10), position(2, 20)], events: [event(1, {})] },
      { positions: [position(3, 10)], devices: [{ id: 10, name: 'A', uniqueId: 'a', attributes: {} }] },
      { events: [event(2, {})] },
    ]);
    expect(batch.positions.items.map((p) => p.id)).toEqual([3, 2]);
    expect([...batch.positions.places]).toEqual([
      [10, 0],
      [20, 1],
    ]);
    expect(batch.events.map((e) => e.id)).toEqual([1, 2]);
    expect(batch.devices.items).toHaveLength(1);
  });

  it('keeps every event status of the alert central in order', () => {
    const status = (eventId: number, value: number) => ({
      eventId,
      deviceId: 1,
      status: value,
      user: 'Ana',
      details: null,
      date: '2026-01-01T00:00:00Z',
    });
    const batch = drainMessages([{ eventStatuses: [status(7, 1)] }, {}, { eventStatuses: [status(7, 2)] }]);
    expect(batch.eventStatuses.map((s) => s.status)).toEqual([1, 2]);
    expect(drainMessages([{ events: [event(1, {})] }]).eventStatuses).toEqual([]);
  });
});

describe('LiveFold', () => {
  it('folds messages as they come and starts a new batch after each take', () => {
    const fold = new LiveFold();
    expect(fold.empty).toBe(true);
    fold.add({ positions: [position(1, 10)], events: [event(1, {})] });
    fold.add({ positions: [position(2, 10), position(3, 20)] });
    expect(fold.empty).toBe(false);
    const first = fold.take();
    expect(first.positions.items.map((p) => p.id)).toEqual([2, 3]);
    expect(first.events.map((e) => e.id)).toEqual([1]);
    expect(fold.empty).toBe(true);
    // a message with nothing in it still counts as one (the flush runs, as for the queue it replaces)
    fold.add({});
    expect(fold.empty).toBe(false);
    fold.add({ positions: [position(4, 10)] });
    const second = fold.take();
    expect(second.positions.items.map((p) => p.id)).toEqual([4]);
    expect(second.events).toEqual([]);
    // the batch taken is not touched by later messages
    fold.add({ positions: [position(5, 30)] });
    expect(first.positions.items.map((p) => p.id)).toEqual([2, 3]);
    expect(second.positions.items.map((p) => p.id)).toEqual([4]);
  });
});

describe('mergeBy', () => {
  it('replaces by key and appends new items without touching the original', () => {
    const list = [position(1, 10), position(2, 20)];
    const merged = mergeBy(list, [position(5, 20), position(6, 30)], (p) => p.deviceId);
    expect(merged.map((p) => p.id)).toEqual([1, 5, 6]);
    expect(list.map((p) => p.id)).toEqual([1, 2]);
    expect(mergeBy(undefined, [position(1, 1)], (p) => p.deviceId)).toHaveLength(1);
  });
  it('takes the last update of a key, appends new keys in the order of the updates, and copies the list', () => {
    const list = [position(1, 10), position(2, 20), position(3, 30)];
    const updates = [position(4, 40), position(5, 20), position(6, 50), position(7, 20), position(8, 40)];
    expect(mergeBy(list, updates, (p) => p.deviceId).map((p) => p.id)).toEqual([1, 7, 3, 8, 6]);
    const unchanged = mergeBy(list, [position(9, 30)], (p) => p.deviceId);
    expect(unchanged.map((p) => p.id)).toEqual([1, 2, 9]);
    expect(unchanged).not.toBe(list);
    expect(mergeBy(list, [], (p) => p.deviceId)).toEqual(list);
  });
  it('merges a folded batch as it merges the same updates listed', () => {
    const list = [position(1, 10), position(2, 20), position(3, 30)];
    const messages = [
      { positions: [position(4, 40), position(5, 20)] },
      { positions: [position(6, 50), position(7, 20), position(8, 40)] },
    ];
    const listed = messages.flatMap((m) => m.positions);
    const folded = drainMessages(messages).positions;
    expect(mergeBy(list, folded, (p) => p.deviceId).map((p) => p.id)).toEqual([1, 7, 3, 8, 6]);
    expect(mergeBy(list, folded, (p) => p.deviceId)).toEqual(mergeBy(list, listed, (p) => p.deviceId));
    // a list holding a key twice takes the update once, at the first
    const twice = [position(1, 20), position(2, 20)];
    expect(mergeBy(twice, folded, (p) => p.deviceId).map((p) => p.id)).toEqual([7, 2, 8, 6]);
  });
});

describe('eventText', () => {
  it("names the event's type, or its alarm, in the user's language; an unknown type keeps its code", async () => {
    await Promise.all([ensureLanguage('en'), ensureLanguage('ar')]);
    const pt = i18n.getFixedT('pt');
    expect(eventText(event(1, {}, 'deviceOverspeed'), pt)).toBe('Alarme: Excesso de velocidade');
    expect(eventText(event(1, { alarm: 'hardBraking' }), pt)).toBe('Alarme: Travagem brusca');
    expect(eventText(event(1, {}, 'ignitionOn'), i18n.getFixedT('en'))).toBe('Alarm: Ignition on');
    expect(eventText(event(1, {}, 'geofenceExit'), i18n.getFixedT('ar'))).toBe('إنذار: خروج من منطقة');
    expect(eventText(event(1, {}, 'somethingNew'), pt)).toBe('Alarme: somethingNew');
    expect(eventText(event(1, { message: 'Excesso de velocidade' }), pt)).toBe('Excesso de velocidade');
  });

  it('is the message, else "Alarm: type"', () => {
    expect(eventText(event(1, { message: 'Excesso de velocidade' }))).toBe('Excesso de velocidade');
    expect(eventText(event(1, { alarm: 'sos' }))).toBe('Alarm: sos');
    expect(eventText(event(1, {}, 'geofenceEnter'))).toBe('Alarm: geofenceEnter');
  });
});

describe('socketUrl', () => {
  it('uses wss on https pages', () => {
    expect(socketUrl({ protocol: 'https:', host: 'frota.ao' })).toBe('wss://frota.ao/api/socket');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8082' })).toBe('ws://localhost:8082/api/socket');
  });
});
