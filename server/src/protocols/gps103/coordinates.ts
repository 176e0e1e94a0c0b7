/** NMEA-style `dddmm.mmmm` (degrees, then minutes with a fraction) to signed decimal degrees. */
const DEG_MIN = /^(\d+)(\d\d\.\d+)$/;

export function degreesMinutes(field: string, hemisphere: string | undefined): number | undefined {
  const m = DEG_MIN.exec(field);
  if (!m) return undefined;
  const degrees = Number(m[1]) + Number(m[2]) / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -degrees : degrees;
}
