/**
 * A vehicle's consumption profile as its dialog edits it (document 3 §2, §3: the yellow and red thresholds
 * each refill holds come from its vehicle's profile when the refill is saved), and the Android app's link
 * and version as an administrator edits them. The server checks both again with the same words.
 */
import { formatNumber } from '../common/formatters';
import { parseDecimal } from './refillRules';
import type { RefillApp, RefillProfile } from './refillTypes';

export const THRESHOLD_FIELDS = ['l100km_yellow', 'l100km_red', 'lh_yellow', 'lh_red'] as const;
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

/** The dialog's fields as typed (a decimal comma or point; blank: no threshold). */
export interface ProfileDraft {
  consumption_profile: string;
  l100km_yellow: string;
  l100km_red: string;
  lh_yellow: string;
  lh_red: string;
}

export const PROFILE_MAX_LENGTH = 128;

const typed = (value: number | null | undefined): string => (value == null ? '' : String(value));

export function profileDraftOf(profile: Partial<RefillProfile> | null | undefined): ProfileDraft {
  return {
    consumption_profile: profile?.consumption_profile ?? '',
    l100km_yellow: typed(profile?.l100km_yellow),
    l100km_red: typed(profile?.l100km_red),
    lh_yellow: typed(profile?.lh_yellow),
    lh_red: typed(profile?.lh_red),
  };
}

/** What is wrong with a draft: the i18n key of its message and the fields to mark. */
export interface ProfileProblem {
  message: string;
  fields: Array<ThresholdField | 'consumption_profile'>;
}

const threshold = (text: string): number | null | 'invalid' => {
  if (text.trim() === '') return null;
  const value = parseDecimal(text);
  return value === null || value <= 0 ? 'invalid' : value;
};

/**
 * Each threshold blank or a positive number, yellow below red for each unit (L/100km, L/h) when both are
 * given, the profile's name 128 characters at most.
 */
export function profileProblem(draft: ProfileDraft): ProfileProblem | null {
  if (draft.consumption_profile.trim().length > PROFILE_MAX_LENGTH)
    return { message: 'refills.profileTooLong', fields: ['consumption_profile'] };
  const invalid = THRESHOLD_FIELDS.filter((field) => threshold(draft[field]) === 'invalid');
  if (invalid.length) return { message: 'refills.thresholdInvalid', fields: invalid };
  const order = (yellow: ThresholdField, red: ThresholdField, message: string): ProfileProblem | null => {
    const y = threshold(draft[yellow]);
    const r = threshold(draft[red]);
    return typeof y === 'number' && typeof r === 'number' && y >= r
      ? { message, fields: [yellow, red] }
      : null;
  };
  return (
    order('l100km_yellow', 'l100km_red', 'refills.l100kmOrder') ??
    order('lh_yellow', 'lh_red', 'refills.lhOrder')
  );
}

/** The body of `PUT refill_devices/{deviceId}` from a draft that has no problem. */
export function profileBody(draft: ProfileDraft): RefillProfile {
  const value = (field: ThresholdField) => {
    const v = threshold(draft[field]);
    return typeof v === 'number' ? v : null;
  };
  return {
    consumption_profile: draft.consumption_profile.trim(),
    l100km_yellow: value('l100km_yellow'),
    l100km_red: value('l100km_red'),
    lh_yellow: value('lh_yellow'),
    lh_red: value('lh_red'),
  };
}

/** As many decimals as the threshold has, up to 2 (40,5 rather than 40,50). */
const figure = (value: number | null): string => {
  if (value === null) return '—';
  const hundredths = Math.round(Math.abs(value) * 100) % 100;
  return formatNumber(value, hundredths === 0 ? 0 : hundredths % 10 === 0 ? 1 : 2);
};

/** A profile's limits per unit, as text: what a list row shows beside the profile's name. */
export function thresholdParts(profile: RefillProfile): { unit: string; yellow: string; red: string }[] {
  return [
    ['L/100km', profile.l100km_yellow, profile.l100km_red] as const,
    ['L/h', profile.lh_yellow, profile.lh_red] as const,
  ]
    .filter(([, yellow, red]) => yellow !== null || red !== null)
    .map(([unit, yellow, red]) => ({ unit, yellow: figure(yellow), red: figure(red) }));
}

/** One unit's limits of a profile (its refill vehicles' column), or undefined when it has none. */
export const thresholdOf = (profile: RefillProfile, unit: 'L/100km' | 'L/h') =>
  thresholdParts(profile).find((part) => part.unit === unit);

export const APP_VERSION_MAX_LENGTH = 64;

/** An address a phone can open from the QR code: http:// or https:// and a host. */
export function isAppLink(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** The administrator's app form: a version (64 characters at most) and an http(s) link, both required. */
export function appProblem(app: RefillApp): { message: string; field: keyof RefillApp } | null {
  const version = app.apk_version.trim();
  if (!version) return { message: 'refills.appVersionRequired', field: 'apk_version' };
  if (version.length > APP_VERSION_MAX_LENGTH)
    return { message: 'refills.appVersionTooLong', field: 'apk_version' };
  if (!isAppLink(app.apk_url) || app.apk_url.trim().length > 1000)
    return { message: 'refills.appUrlInvalid', field: 'apk_url' };
  return null;
}
