import type { DddFile } from './types';

/** Upper-case letters and digits only, words joined by `-` (the `_` separates the name's fields). */
function namePart(text: string | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .replace(/ /g, '-');
}

function stamp(epochSeconds: number | null): string {
  if (epochSeconds === null) return '00000000_0000';
  const iso = new Date(epochSeconds * 1000).toISOString(); // YYYY-MM-DDTHH:MM
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}_${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}

/**
 * The usual name of a tachograph file, for files that arrived without one:
 * `C_YYYYMMDD_HHMM_<initial>_<surname>_<card number>.DDD` for driver cards and `M_YYYYMMDD_HHMM_<VRN>.DDD`
 * for vehicle units (VIN when the registration is unknown). The time (UTC) is the download date, else
 * `fallbackTime` (epoch seconds, e.g. the upload time).
 */
export function dddFileName(
  file: Pick<DddFile, 'kind' | 'entity' | 'downloadDate'>,
  fallbackTime: number | null = null,
): string {
  const when = stamp(file.downloadDate ?? fallbackTime);
  const { entity } = file;
  if (file.kind === 'D') {
    const initial = namePart(entity.firstNames).charAt(0) || 'X';
    return `C_${when}_${initial}_${namePart(entity.surname) || 'X'}_${namePart(entity.cardNumber) || 'X'}.DDD`;
  }
  return `M_${when}_${namePart(entity.vrn) || namePart(entity.vin) || 'X'}.DDD`;
}

/** The last path segment of a name sent by a browser or client (`C:\fakepath\x.ddd`, `dir/x.ddd`). */
export function baseFileName(name: string | undefined): string {
  return (name ?? '').split(/[\\/]/).pop()?.trim() ?? '';
}
