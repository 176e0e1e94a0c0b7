import type { TFunction } from 'i18next';
import { eventText } from '../api/liveMerge';
import type { AppEvent } from '../api/types';

/** One notice to show: an event, and how many more of the same flush it stands for. */
export interface LiveNotice {
  event: AppEvent;
  more: number;
}

/**
 * The notices of one flush's events. A desktop shows one per event in its corner; a phone shows one for
 * the flush (its newest event and how many came with it): five stacked notices there covered the screen's
 * title and first fields, and the next flush's would have queued behind them.
 */
export function liveNotices(events: readonly AppEvent[], phone: boolean): LiveNotice[] {
  if (events.length === 0) return [];
  if (!phone) return events.map((event) => ({ event, more: 0 }));
  return [{ event: events[events.length - 1], more: events.length - 1 }];
}

/** A notice's text: the vehicle's name before the event's (its message, or "Alarm: type"), and the rest's count. */
export function noticeText(notice: LiveNotice, vehicleName: string | undefined, t: TFunction): string {
  const event = eventText(notice.event, t);
  const text = vehicleName ? t('liveEvent.ofVehicle', { name: vehicleName, text: event }) : event;
  return notice.more > 0 ? t('liveEvent.more', { text, count: notice.more }) : text;
}

/** An alarm reads as a warning (amber), every other event as information. */
export const noticeVariant = (notice: LiveNotice): 'warning' | 'info' =>
  notice.event.type === 'alarm' ? 'warning' : 'info';
