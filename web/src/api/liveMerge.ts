import type { AppEvent, Device, EventStatusUpdate, LiveMessage, Position } from './types';
import type { TFunction } from 'i18next';

/**
 * Items with one per key: the last one given of each key, at the place its key was first given, and that
 * place by key. Made while folding the live messages, handed to mergeBy as they are (its index of the
 * updates, which a flush of 10,000 positions would otherwise build a second time).
 */
export class Keyed<T> {
  readonly items: T[] = [];
  readonly places = new Map<number, number>();

  constructor(private readonly key: (item: T) => number) {}

  add(item: T): void {
    const key = this.key(item);
    const at = this.places.get(key);
    if (at === undefined) {
      this.places.set(key, this.items.length);
      this.items.push(item);
    } else {
      this.items[at] = item;
    }
  }
}

/** What one flush of the live queue applies: the latest of each item, in arrival order. */
export interface LiveBatch {
  devices: Keyed<Device>;
  positions: Keyed<Position>;
  events: AppEvent[];
  eventStatuses: EventStatusUpdate[];
}

/**
 * The socket's messages folded into the next flush's batch as they arrive: the flush takes the batch made
 * rather than going through every message of its window in the one task that renders it.
 */
export class LiveFold {
  private batch = LiveFold.empty();
  private messages = 0;

  private static empty(): LiveBatch {
    return {
      devices: new Keyed<Device>((device) => device.id),
      positions: new Keyed<Position>((position) => position.deviceId),
      events: [],
      eventStatuses: [],
    };
  }

  /** Folds one message in: the last device and position per id win, events and statuses are kept in order. */
  add(message: LiveMessage): void {
    const { devices, positions, events, eventStatuses } = this.batch;
    this.messages += 1;
    if (message.devices) for (const device of message.devices) devices.add(device);
    if (message.positions) for (const position of message.positions) positions.add(position);
    if (message.events) for (const event of message.events) events.push(event);
    if (message.eventStatuses) for (const status of message.eventStatuses) eventStatuses.push(status);
  }

  /** Whether no message came since the last take. */
  get empty(): boolean {
    return this.messages === 0;
  }

  /** The batch folded so far; the next messages start a new one. */
  take(): LiveBatch {
    const batch = this.batch;
    this.batch = LiveFold.empty();
    this.messages = 0;
    return batch;
  }
}

/**
 * Replaces items by key and appends new ones (the last update of a key wins); the original list is not
 * changed. A flush of 10,000 positions runs this on 10,000 items: each costs one lookup, the updates are
 * indexed by their place (as Keyed holds them, else indexed here) and marked used in a byte array rather
 * than deleted from the index.
 */
export function mergeBy<T>(
  list: readonly T[] | undefined,
  updates: readonly T[] | Keyed<T>,
  key: (item: T) => number,
): T[] {
  let keyed: Keyed<T>;
  if (updates instanceof Keyed) {
    keyed = updates;
  } else {
    keyed = new Keyed(key);
    for (const item of updates) keyed.add(item);
  }
  const { items, places } = keyed;
  const old = list ?? [];
  if (items.length === 0) return old.slice();
  const used = new Uint8Array(items.length);
  let replaced = 0;
  const merged = new Array<T>(old.length);
  for (let i = 0; i < old.length; i++) {
    const item = old[i];
    const at = places.get(key(item));
    if (at === undefined || used[at] === 1) {
      merged[i] = item;
    } else {
      used[at] = 1;
      replaced += 1;
      merged[i] = items[at];
    }
  }
  // A flush that only moves known vehicles adds nothing: no second pass over the updates.
  if (replaced < items.length)
    for (let at = 0; at < items.length; at++) if (used[at] === 0) merged.push(items[at]);
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
