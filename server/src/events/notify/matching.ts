/**
 * Which alert notifications an event fires, and for whom (document 1 §3 "Alert notification", §4
 * "Notification save"). Pure: the rows come from `lookup.ts`, visibility from the access policy.
 */
import { isTemporaryUser } from '@frota/core';
import type { User } from '../../db/rows';

/** Notification types the web client rewrites to type `alarm` with the name in attributes.alarms. */
export const ALARM_NAMES = [
  'sos',
  'lowBattery',
  'hardAcceleration',
  'hardBraking',
  'hardCornering',
  'tampering',
  'malfunction',
  'seatbelt',
  'lights',
] as const;

/** The combined seatbelt and lights type (document 1 §3) covers both alarms and their combination. */
const COMBINED: Record<string, string[]> = {
  seatbeltAndLights: ['seatbelt', 'lights', 'seatbelt+lights'],
  'seatbelt+lights': ['seatbelt', 'lights', 'seatbelt+lights'],
};

export interface NotificationRow {
  id: number;
  type: string;
  always: boolean;
  /** comma text of web, mail, sms */
  notificators: string;
  attributes: Record<string, unknown>;
}

export interface LinkRow {
  notificationId: number;
  /** userId for userNotification, deviceId for deviceNotification */
  id: number;
}

export interface NotificationRule {
  id: number;
  type: string;
  always: boolean;
  notificators: Set<string>;
  attributes: Record<string, unknown>;
  /** alarm names a type `alarm` rule accepts; empty accepts every alarm (Traccar's reading) */
  alarms: Set<string>;
  /** users that receive it (already filtered to those who may receive alerts) */
  userIds: number[];
  deviceIds: Set<number>;
  /** the notification's calendar (Traccar's `calendarId`): it fires only for events inside its periods */
  inCalendar?: (time: number) => boolean;
}

export interface RuleSet {
  byType: Map<string, NotificationRule[]>;
  users: Map<number, User>;
}

export interface EventLike {
  type: string;
  deviceId: number;
  attributes: Record<string, unknown>;
  /** epoch ms; checked against a notification's calendar */
  eventTime?: number;
}

export interface Match {
  notification: NotificationRule;
  recipients: User[];
}

/** Whether the device is visible to the user, per the access policy. */
export type Sees = (userId: number, deviceId: number) => boolean;

export const commaList = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : Array.isArray(value)
      ? value.map((s) => String(s).trim()).filter(Boolean)
      : [];

/** An alarm name with the parts of a combined one (`seatbelt+lights` also means seatbelt and lights). */
const expandAlarm = (name: string): string[] =>
  COMBINED[name] ?? [name, ...(name.includes('+') ? name.split('+') : [])];

/**
 * The alarm names of an event: type `alarm` with attributes.alarm (possibly a comma list), or the alert
 * central's spelling `alarmsos` (document 2 §4).
 */
export function eventAlarms(event: Pick<EventLike, 'type' | 'attributes'>): string[] {
  if (event.type === 'alarm') return commaList(event.attributes.alarm).flatMap(expandAlarm);
  if (event.type.startsWith('alarm') && event.type.length > 'alarm'.length)
    return expandAlarm(event.type.slice('alarm'.length));
  return [];
}

/** Users who may receive alerts: not disabled, not a temporary link, not expired. */
export function canReceive(user: User, now: number): boolean {
  if (user.disabled || isTemporaryUser(user)) return false;
  const expires = user.expirationTime ? Date.parse(user.expirationTime) : NaN;
  return !(Number.isFinite(expires) && expires < now);
}

function group<T>(links: LinkRow[], pick: (id: number) => T | undefined): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const link of links) {
    const value = pick(link.id);
    if (value === undefined) continue;
    const list = out.get(link.notificationId) ?? [];
    list.push(value);
    out.set(link.notificationId, list);
  }
  return out;
}

/** Calendar tests by notification id, for notifications limited by a calendar. */
export type CalendarTests = Map<number, (time: number) => boolean>;

export function buildRuleSet(
  notifications: NotificationRow[],
  userLinks: LinkRow[],
  deviceLinks: LinkRow[],
  users: User[],
  now: number,
  calendars: CalendarTests = new Map(),
): RuleSet {
  const receivers = new Map(users.filter((u) => canReceive(u, now)).map((u) => [u.id, u]));
  const usersOf = group(userLinks, (id) => (receivers.has(id) ? id : undefined));
  const devicesOf = group(deviceLinks, (id) => id);
  const byType = new Map<string, NotificationRule[]>();
  for (const n of notifications) {
    const userIds = usersOf.get(n.id) ?? [];
    const notificators = new Set(commaList(n.notificators));
    if (!userIds.length || !notificators.size) continue;
    const rule: NotificationRule = {
      id: n.id,
      type: n.type,
      always: n.always,
      notificators,
      attributes: n.attributes,
      alarms: new Set(commaList(n.attributes.alarms).flatMap(expandAlarm)),
      userIds,
      deviceIds: new Set(devicesOf.get(n.id) ?? []),
      inCalendar: calendars.get(n.id),
    };
    const list = byType.get(n.type) ?? [];
    list.push(rule);
    byType.set(n.type, list);
  }
  return { byType, users: receivers };
}

/** Rules whose type (and alarm list) fit the event, before vehicle scope and recipients. */
export function rulesForType(
  event: Pick<EventLike, 'type' | 'attributes'>,
  set: RuleSet,
): NotificationRule[] {
  const alarms = eventAlarms(event);
  const out = new Set(event.type === 'alarm' ? [] : (set.byType.get(event.type) ?? []));
  if (event.type !== 'alarm' && !alarms.length) return [...out];
  for (const rule of set.byType.get('alarm') ?? [])
    if (!rule.alarms.size || alarms.some((a) => rule.alarms.has(a))) out.add(rule);
  // a notification stored with the plain alarm type by a Traccar client
  for (const name of [...ALARM_NAMES, ...Object.keys(COMBINED)])
    if (expandAlarm(name).some((a) => alarms.includes(a)))
      for (const rule of set.byType.get(name) ?? []) out.add(rule);
  return [...out];
}

/** Whether the rule's calendar (if any) covers the event's time; an event without a time passes. */
const inPeriod = (rule: NotificationRule, event: Pick<EventLike, 'eventTime'>): boolean =>
  !rule.inCalendar || event.eventTime === undefined || rule.inCalendar(event.eventTime);

/** Whether the rule applies to this vehicle at the event's time (before recipients). */
const applies = (rule: NotificationRule, event: Pick<EventLike, 'deviceId' | 'eventTime'>): boolean =>
  (rule.always || rule.deviceIds.has(event.deviceId)) && inPeriod(rule, event);

/** Users a rule reaches for an event on this vehicle. */
export function ruleRecipients(rule: NotificationRule, deviceId: number, set: RuleSet, sees: Sees): User[] {
  if (!rule.always && !rule.deviceIds.has(deviceId)) return [];
  return rule.userIds.filter((id) => sees(id, deviceId)).map((id) => set.users.get(id)!);
}

export function matchEvent(event: EventLike, set: RuleSet, sees: Sees): Match[] {
  const out: Match[] = [];
  for (const notification of rulesForType(event, set)) {
    if (!inPeriod(notification, event)) continue;
    const recipients = ruleRecipients(notification, event.deviceId, set, sees);
    if (recipients.length) out.push({ notification, recipients });
  }
  return out;
}

/** Users whose visibility is needed to match these events (so it is loaded once per batch). */
export function candidateUsers(events: EventLike[], set: RuleSet): Set<number> {
  const out = new Set<number>();
  for (const event of events)
    for (const rule of rulesForType(event, set))
      if (applies(rule, event)) rule.userIds.forEach((id) => out.add(id));
  return out;
}
