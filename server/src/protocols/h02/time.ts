/** A UTC time from H02's `DDMMYY` date and `hhmmss` time; undefined when not a real date. */
export function utcTime(ddmmyy: string, hhmmss: string): Date | undefined {
  if (!/^\d{6}$/.test(ddmmyy) || !/^\d{6}$/.test(hhmmss)) return undefined;
  const [day, month, year] = [0, 2, 4].map((i) => Number(ddmmyy.slice(i, i + 2)));
  const [hour, minute, second] = [0, 2, 4].map((i) => Number(hhmmss.slice(i, i + 2)));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return undefined;
  const time = new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
  // 31 February and the like roll over into the next month: not a date
  return time.getUTCDate() === day ? time : undefined;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** `hhmmss` (UTC), as commands carry it. */
export const formatHhmmss = (time: Date): string =>
  `${two(time.getUTCHours())}${two(time.getUTCMinutes())}${two(time.getUTCSeconds())}`;

/** `DDMMYY` (UTC), as position frames carry it. */
export const formatDdmmyy = (time: Date): string =>
  `${two(time.getUTCDate())}${two(time.getUTCMonth() + 1)}${two(time.getUTCFullYear() % 100)}`;

/** `yyyyMMddHHmmss` (UTC), as the server's V4 answers carry it. */
export const formatFullTime = (time: Date): string =>
  `${time.getUTCFullYear()}${two(time.getUTCMonth() + 1)}${two(time.getUTCDate())}${formatHhmmss(time)}`;
