import { parseRelativeAddress } from '@frota/core';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A stored address in the reader's language: the offline geocoder's "12 km NE de Viana, AO" becomes
 * "12 km NE of Viana, AO" in English (relativeAddress in the language tables); any other address as it is.
 */
export function localAddress(address: string, t: Translate): string {
  const parts = parseRelativeAddress(address);
  if (!parts) return address;
  return t('relativeAddress.relative', {
    km: parts.km,
    direction: t(`relativeAddress.${parts.point}`),
    place: parts.place,
  });
}
