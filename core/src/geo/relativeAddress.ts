/**
 * The offline geocoder's addresses away from a known place: "12 km NE de Viana, AO" (written by the server
 * in Portuguese when the position is stored, server/src/processing/geocoder/format.ts). Screens, reports
 * and e-mails read them back into the reader's language from these parts.
 */

/** Compass points as the stored text writes them (Portuguese: O = oeste), clockwise from north. */
export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SO', 'O', 'NO'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

export interface RelativeAddress {
  km: number;
  point: CompassPoint;
  /** The place and its country code, as stored ("Viana, AO"). */
  place: string;
}

const RELATIVE = /^(\d+) km (NE|NO|SE|SO|N|E|S|O) de (.+)$/;

/** The stored text of a point `km` kilometres towards `point` from `place`. */
export const relativeAddressText = ({ km, point, place }: RelativeAddress): string =>
  `${km} km ${point} de ${place}`;

/** The parts of a relative address, or null for any other text (a street, a place name, coordinates). */
export function parseRelativeAddress(address: string): RelativeAddress | null {
  const match = RELATIVE.exec(address);
  if (!match) return null;
  return { km: Number(match[1]), point: match[2] as CompassPoint, place: match[3] };
}
