/**
 * One coordinate of a text frame with its hemisphere. Devices write it three ways: `ddmm.mmmm`
 * (any number of degree digits, even none), `-dd-m.mmmm` (degrees and minutes apart), or `ddmmmmmm`
 * (no point: the last four digits are the minutes' fraction). Undefined when none fits.
 */
export function parseCoordinate(value: string, hemisphere: string, axis: 'lat' | 'lon'): number | undefined {
  const negative = axis === 'lat' ? 'S' : 'W';
  const positive = axis === 'lat' ? 'N' : 'E';
  if (hemisphere !== negative && hemisphere !== positive) return undefined;
  let degrees: number;
  let minutes: number;
  let match: RegExpExecArray | null;
  if ((match = /^-(\d+)-(\d+\.\d+)$/.exec(value))) {
    degrees = Number(match[1]);
    minutes = Number(match[2]);
  } else if ((match = /^(\d*)(\d\d\.\d+)$/.exec(value))) {
    degrees = Number(match[1] || '0');
    minutes = Number(match[2]);
  } else if ((match = /^(\d+)(\d\d)(\d{4})$/.exec(value))) {
    degrees = Number(match[1]);
    minutes = Number(`${match[2]}.${match[3]}`);
  } else return undefined;
  if (minutes >= 60) return undefined;
  const result = degrees + minutes / 60;
  if (result > (axis === 'lat' ? 90 : 180)) return undefined;
  return hemisphere === negative ? -result : result;
}

/** `ddmm.mmmm` / `dddmm.mmmm` and the hemisphere letter, as devices write them. */
export function formatCoordinate(value: number, axis: 'lat' | 'lon'): [string, string] {
  const tenThousandths = Math.round(Math.abs(value) * 60 * 10000);
  const degrees = Math.floor(tenThousandths / 600000);
  const minutes = (tenThousandths - degrees * 600000) / 10000;
  const text = `${String(degrees).padStart(axis === 'lat' ? 2 : 3, '0')}${minutes.toFixed(4).padStart(7, '0')}`;
  const hemisphere = axis === 'lat' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  return [text, hemisphere];
}
