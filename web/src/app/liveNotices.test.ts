import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import type { AppEvent } from '../api/types';
import { ensureLanguage } from './i18n';
import { liveNotices, noticeText, noticeVariant } from './liveNotices';

const event = (id: number, type: string, deviceId = 1): AppEvent => ({
  id,
  type,
  eventTime: '2026-01-01T00:00:00Z',
  deviceId,
  attributes: {},
});

describe('live notices', () => {
  const flush = [event(1, 'ignitionOn'), event(2, 'driverChanged', 2), event(3, 'deviceOverspeed', 3)];

  it('are one per event on a desktop, and one for the whole flush on a phone (its newest event)', () => {
    expect(liveNotices(flush, false)).toEqual(flush.map((e) => ({ event: e, more: 0 })));
    expect(liveNotices(flush, true)).toEqual([{ event: flush[2], more: 2 }]);
    expect(liveNotices([flush[0]], true)).toEqual([{ event: flush[0], more: 0 }]);
    expect(liveNotices([], true)).toEqual([]);
  });

  it("name the vehicle and say how many more came, in the user's language", async () => {
    await Promise.all([ensureLanguage('en'), ensureLanguage('ar')]);
    const pt = i18n.getFixedT('pt');
    const [phone] = liveNotices(flush, true);
    expect(noticeText(phone, 'LD-12-44-CK', pt)).toBe('LD-12-44-CK: Alarme: Excesso de velocidade · mais 2');
    expect(noticeText(phone, 'LD-12-44-CK', i18n.getFixedT('en'))).toBe(
      'LD-12-44-CK: Alarm: Overspeed · 2 more',
    );
    // a vehicle the list does not hold (yet): the event's own text
    expect(noticeText({ event: flush[0], more: 0 }, undefined, pt)).toBe('Alarme: Ignição ligada');
  });

  it('show an alarm as a warning and other events as information', () => {
    expect(noticeVariant({ event: event(4, 'alarm'), more: 0 })).toBe('warning');
    expect(noticeVariant({ event: flush[0], more: 0 })).toBe('info');
  });
});
