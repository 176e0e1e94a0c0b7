import { compareText } from '../common/listSearch';
import dayjs from 'dayjs';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import { randomString } from '../common/random';
import type { TemporaryLink } from './settingsQueries';

export type TemporaryLinkDraft = Omit<TemporaryLink, 'id'> & { id?: number };

export const TEMP_TOKEN_LENGTH = 40;
export const TEMP_SECRET_LENGTH = 30;
/** Size in pixels of the QR code image offered for download. */
export const QR_DOWNLOAD_SIZE = 500;

/** End of the day 7 days from now, in the timezone. */
export const defaultExpiration = (tz = DEFAULT_TIMEZONE, now = Date.now()): string =>
  dayjs(now).tz(tz).add(7, 'day').endOf('day').toISOString();

/** A new link: generated `temp_` e-mail and password (30 characters) and token (40). */
export const newTemporaryLink = (tz?: string): TemporaryLinkDraft => ({
  name: '',
  email: `temp_${randomString(TEMP_SECRET_LENGTH).toLowerCase()}`,
  password: randomString(TEMP_SECRET_LENGTH),
  token: randomString(TEMP_TOKEN_LENGTH),
  readonly: true,
  expirationTime: defaultExpiration(tz),
  attributes: { allowHistory: false },
  deviceIds: [],
  geofenceIds: [],
});

/** i18n key of the first problem, or null (document 1 §5). */
export function validateTemporaryLink(link: TemporaryLinkDraft): string | null {
  if (!link.name?.trim()) return 'settings.temporaryNameRequired';
  if (!link.deviceIds?.length) return 'settings.temporaryVehicleRequired';
  return null;
}

/** The allowed history range snapped to whole days: from the start of its day, to the end of its day. */
export function historyDay(date: string, edge: 'start' | 'end', tz = DEFAULT_TIMEZONE): string | undefined {
  if (!date) return undefined;
  const day = dayjs.tz(date, 'YYYY-MM-DD', tz);
  return (edge === 'start' ? day.startOf('day') : day.endOf('day')).toISOString();
}

export const historyDate = (iso: unknown, tz = DEFAULT_TIMEZONE): string =>
  typeof iso === 'string' && iso ? dayjs(iso).tz(tz).format('YYYY-MM-DD') : '';

/** The address that opens the map with the link's session. */
export const linkAddress = (token: string | null | undefined, origin = window.location.origin): string =>
  `${origin}/?token=${encodeURIComponent(token ?? '')}`;

/** Whether a link's expiry has passed (a link without one never expires). */
export const linkExpired = (expirationTime: string | null | undefined, now = Date.now()): boolean => {
  if (!expirationTime) return false;
  const at = Date.parse(expirationTime);
  return Number.isFinite(at) && at <= now;
};

/** A link's vehicles by name, sorted, unknown ones left out. */
export function linkVehicles(ids: readonly number[] | undefined, names: ReadonlyMap<number, string>): string {
  return (ids ?? [])
    .map((id) => names.get(id))
    .filter((name): name is string => !!name)
    .sort(compareText)
    .join(', ');
}
