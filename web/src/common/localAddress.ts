import { parseRelativeAddress } from '@frota/core';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** How many addresses a translator keeps read (a fleet's latest places, and then some). */
export const KEPT_ADDRESSES = 20_000;

/**
 * The addresses already read, per translator (one per language: react-i18next gives a new `t` when the
 * language changes). A live flush redraws the rows and popups of vehicles whose address has not changed,
 * and an i18next call with interpolation costs tens of microseconds.
 */
const readByTranslator = new WeakMap<Translate, Map<string, string>>();

function translated(address: string, t: Translate): string {
  const parts = parseRelativeAddress(address);
  if (!parts) return address;
  return t('relativeAddress.relative', {
    km: parts.km,
    direction: t(`relativeAddress.${parts.point}`),
    place: parts.place,
  });
}

/**
 * A stored address in the reader's language: the offline geocoder's "12 km NE de Viana, AO" becomes
 * "12 km NE of Viana, AO" in English (relativeAddress in the language tables); any other address as it is.
 */
export function localAddress(address: string, t: Translate): string {
  let read = readByTranslator.get(t);
  if (!read) readByTranslator.set(t, (read = new Map()));
  let text = read.get(address);
  if (text === undefined) {
    text = translated(address, t);
    if (read.size >= KEPT_ADDRESSES) read.clear();
    read.set(address, text);
  }
  return text;
}

/** An address shown in two parts: what leads ("4 km NW of") and the place it names ("Estalagem, Viana, AO"). */
export interface AddressParts {
  lead: string;
  place: string;
}

/**
 * The address in the reader's language split where the place begins, or the whole as the place when the
 * address names no distance or the language's sentence does not end with the place. A cut address loses
 * the end of its place, not its distance and direction, in whichever direction each part reads.
 */
export function localAddressParts(address: string, t: Translate): AddressParts {
  const text = localAddress(address, t);
  const parts = parseRelativeAddress(address);
  if (!parts || !text.endsWith(parts.place)) return { lead: '', place: text };
  return { lead: text.slice(0, text.length - parts.place.length).trimEnd(), place: parts.place };
}
