/**
 * Integers the database joins into one text (`string_agg(id::text, ',')`, `group_concat`): one value to
 * send and parse where a row per integer cost the driver's row parsing on the main thread.
 */

/**
 * The integers of `text` separated by commas (`-` allowed before one), in order. Throws on anything else:
 * these are the database's own ids and times, and a wrong reading would lose or misplace rows.
 */
export function integerList(text: string): Float64Array {
  if (text === '') return new Float64Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const out = new Float64Array(count);
  let at = 0;
  let value = 0;
  let sign = 1;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits++;
    } else if (c === 45 && digits === 0 && sign === 1) sign = -1;
    else if (c === 44 && digits > 0) {
      out[at++] = sign * value;
      value = 0;
      sign = 1;
      digits = 0;
    } else throw new Error(`not a list of integers at ${i}: ${text.slice(Math.max(0, i - 20), i + 20)}`);
  }
  return out;
}
