import type { AppEvent, Device, EventStatusUpdate, LiveMessage, Position } from './types';
import type { TFunction } from 'i18next';

/** What one flush of the live queue applies: the latest of each item, in arrival order. */
export interface LiveBatch {
  devices: Device[];
  positions: Position[];
  events: AppEvent[];
  eventStatuses: EventStatusUpdate[];
}

/** Folds the queued socket messages into one batch: the last device and position per id win. */
export function drainMessages(messages: LiveMessage[]): LiveBatch {
  const devices = new Map<number, Device>();
  const positions = new Map<number, Position>();
  const events: AppEvent[] = [];
  const eventStatuses: EventStatusUpdate[] = [];
  for (const message of messages) {
    for (const device of message.devices ?? []) devices.set(device.id, device);
    for (const position of message.positions ?? []) positions.set(position.deviceId, position);
    events.push(...(message.events ?? []));
    eventStatuses.push(...(message.eventStatuses ?? []));
  }
  return { devices: [...devices.values()], positions: [...positions.values()], events, eventStatuses };
}

/**
 * Replaces items by key and appends new ones (the last update of a key wins); the original list is not
 * changed. A flush of 10,000 positions runs this on 10,000 items: each costs one lookup, the updates are
 * indexed by their place in `updates` and marked used in a byte array rather than deleted from the index.
 */
export function mergeBy<T>(
  list: readonly T[] | undefined,
  updates: readonly T[],
  key: (item: T) => number,
): T[] {
  if (updates.length === 0) return [...(list ?? [])];
  const at = new Map<number, number>();
  for (let i = 0; i < updates.length; i++) at.set(key(updates[i]), i);
  const used = new Uint8Array(updates.length);
  let replaced = 0;
  const merged = (list ?? []).map((item) => {
    const i = at.get(key(item));
    if (i === undefined || used[i] === 1) return item;
    used[i] = 1;
    replaced += 1;
    return updates[i];
  });
  // A flush that only moves known vehicles adds nothing: no second copy of the whole list.
  if (replaced < at.size) for (const i of at.values()) if (used[i] === 0) merged.push(updates[i]);
  return merged;
}

/**
 * A live event's notice: its message text, or "Alarm: type" (document 1) with the type (or the alarm) by
 * its name in the user's language; a type without a name keeps its code.
 */
export function eventText(event: AppEvent, t?: TFunction): string {
  if (event.attributes?.message) return event.attributes.message;
  const code = String(event.attributes?.alarm ?? event.type);
  if (!t) return `Alarm: ${code}`;
  return t('liveEvent.notice', { name: t(`liveEvent.name.${code}`, { defaultValue: code }) });
}
