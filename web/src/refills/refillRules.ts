/** Pure rules of the refill screens (document 3 §2, §5, §6). */
import { isValidEmail, REFILLS_PERMISSION } from '@frota/core';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { User } from '../api/types';
import { formatNumber, unitText } from '../common/formatters';
import { mayWrite } from '../common/listActions';
import { hasPermission } from '../session/permissions';
import type { Refill, RefillStation, RefillTotals } from './refillTypes';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Document 3 §6: userLimit set and not 0 (administrators manage everyone). */
export const hasUserLimit = (user: User | null | undefined): boolean =>
  !!user && (!!user.administrator || (user.userLimit ?? 0) !== 0);

/** Only managers remove refills (and see the stations entry of the settings menu). */
export const mayRemoveRefill = (user: User | null | undefined): boolean =>
  mayWrite(user) && hasUserLimit(user);

/**
 * Who sets a vehicle's consumption profile and thresholds: a manager who may write and reaches the refill
 * centre (the server's rule for `PUT refill_devices/{deviceId}`).
 */
export const mayEditProfile = (user: User | null | undefined): boolean =>
  mayWrite(user) && hasUserLimit(user) && hasPermission(user, REFILLS_PERMISSION);

/** The date field of the refill form: now, `YYYY-MM-DD HH:mm:ss` in the user's timezone. */
export const nowText = (tz: string, now = Date.now()): string =>
  dayjs(now).tz(tz).format('YYYY-MM-DD HH:mm:ss');

/** A number typed with a decimal comma or point; null for empty or unreadable text. */
export function parseDecimal(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const clean = String(text).trim().replace(/\s/g, '').replace(',', '.');
  if (clean === '') return null;
  const value = Number(clean);
  return Number.isFinite(value) ? value : null;
}

/** A refill date as typed: `YYYY-MM-DD HH:mm` with optional seconds. */
export const isRefillDate = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text.trim()) && dayjs(text.trim()).isValid();

/** Where the refill form's vehicle comes from (document 3 §2: "extra data"). */
export type RefillFormTarget =
  | { kind: 'vehicle'; deviceId: number }
  /** the centre's add button (extraData -1): the form asks for the vehicle */
  | { kind: 'choose' }
  | { kind: 'missing' };

const positiveId = (value: unknown): number | null => {
  const id = Number(value);
  return value !== null && value !== undefined && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The form's vehicle from the navigation state: `deviceId` (the vehicle's list) or `extraData` (the
 * centre: a vehicle id, or -1 to choose one when adding); the vehicle last listed in this tab otherwise.
 * An edit needs its vehicle; an add without any of these has no extra data.
 */
export function refillFormTarget(
  state: unknown,
  editing: boolean,
  remembered: number | null,
): RefillFormTarget {
  const data = (state ?? {}) as { deviceId?: unknown; extraData?: unknown };
  const id = positiveId(data.deviceId) ?? positiveId(data.extraData);
  if (id !== null) return { kind: 'vehicle', deviceId: id };
  if (!editing && Number(data.extraData) === -1) return { kind: 'choose' };
  return remembered !== null ? { kind: 'vehicle', deviceId: remembered } : { kind: 'missing' };
}

/** The stations as the hierarchical list shows them: each main station, then its auxiliaries. */
export function stationTree(stations: readonly RefillStation[]): RefillStation[] {
  const byName = (a: RefillStation, b: RefillStation) => a.name.localeCompare(b.name, 'pt');
  const mains = new Set(stations.filter((s) => s.mainStationId === 0).map((s) => s.id));
  // An auxiliary whose main station is not listed is shown as a main one.
  const isMain = (s: RefillStation) => s.mainStationId === 0 || !mains.has(s.mainStationId);
  const children = (id: number) =>
    stations.filter((s) => s.mainStationId === id && mains.has(id)).sort(byName);
  return stations
    .filter(isMain)
    .sort(byName)
    .flatMap((main) => [main, ...children(main.id)]);
}

/** The main stations an edited station may hang under: none of itself, nor one that has auxiliaries for it. */
export const mainStationChoices = (stations: readonly RefillStation[], editedId?: number): RefillStation[] =>
  stations.filter((s) => s.mainStationId === 0 && s.id !== editedId);

/** A station may hang under a main one only when it has no auxiliaries of its own. */
export const hasAuxiliaries = (stations: readonly RefillStation[], id: number | undefined): boolean =>
  id !== undefined && stations.some((s) => s.mainStationId === id);

/** The text the share dialog's title and the delete confirmation name a refill by. */
export const refillName = (refill: Pick<Refill, 'deviceName' | 'deviceLicensePlate' | 'cost_date'>): string =>
  `${refill.deviceName}${refill.deviceLicensePlate ? ` (${refill.deviceLicensePlate})` : ''} ${refill.cost_date}`;

/**
 * The share form's own check (document 3 §5): a valid destination, a CC valid or empty; the server checks
 * again with the same messages.
 */
export function shareProblem(emailTo: string, emailCc: string): 'to' | 'cc' | null {
  if (!isValidEmail(emailTo)) return 'to';
  if (emailCc.trim() !== '' && !isValidEmail(emailCc)) return 'cc';
  return null;
}

/** The units the footer writes, in the user's language (Arabic writes ل, كم, ل/100كم). */
export interface TotalsUnits {
  litres: string;
  km: string;
  l100km: string;
}
/** The interface language's units (common/formatters); L/100km as the refill tables name it. */
export const languageUnits = (l100km = 'L/100km'): TotalsUnits => ({
  litres: unitText('L'),
  km: unitText('km'),
  l100km,
});

/** The footer's figures: litres filled; litres consumed, km and L/100km (blank while loading). */
export function totalsText(
  totals: RefillTotals | undefined,
  units: TotalsUnits = languageUnits(),
): { filled: string; consumed: string } {
  if (!totals) return { filled: '', consumed: '' };
  const litres = (value: number) => `${formatNumber(value, 2)} ${units.litres}`;
  const consumed = [
    litres(totals.consumedLitres),
    `${formatNumber(totals.consumedKm, 0)} ${units.km}`,
    ...(totals.consumedL100km === null ? [] : [`${formatNumber(totals.consumedL100km, 2)} ${units.l100km}`]),
  ];
  return { filled: litres(totals.filledLitres), consumed: consumed.join(' · ') };
}
