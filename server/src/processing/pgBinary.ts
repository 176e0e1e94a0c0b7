/**
 * Parameters in PostgreSQL's binary format, for the batch writer's column arrays. pg sends a Buffer as a
 * binary parameter as it is, where a text parameter is a string it encodes again into its message; a
 * batch's columns as text made strings of hundreds of kilobytes (the attributes' JSON array above all) that
 * the main thread built, flattened and copied (on these machines a string of 200 KB costs most of a
 * millisecond to flatten, page faults of a fresh allocation), and PostgreSQL parsed every number back from
 * its digits.
 * Here a number is written as its eight (or four) bytes and read so by PostgreSQL (array_recv), and a
 * text (a JSON document too) is written once, straight into the parameter's bytes, with no escaping.
 *
 * The values keep the meaning the array literals they replace gave them: a number that is not finite is
 * NULL, -0 is 0 (as its text is), and an integer column refuses a fraction as PostgreSQL refuses its text.
 */

/** Element type ids (pg_type.oid): array_recv checks them against the column's. */
const INT4 = 23;
const INT8 = 20;
const FLOAT8 = 701;
const BOOL = 16;
const VARCHAR = 1043;
const TEXT = 25;

/** ndim, has-nulls flag, element type, one dimension's length and lower bound. */
const HEADER = 20;

function header(out: Buffer, elementType: number, count: number, hasNull: boolean): number {
  out.writeInt32BE(1, 0);
  out.writeInt32BE(hasNull ? 1 : 0, 4);
  out.writeInt32BE(elementType, 8);
  out.writeInt32BE(count, 12);
  out.writeInt32BE(1, 16);
  return HEADER;
}

/** The element is NULL in the binary format: a length of -1 and no bytes. */
const isNull = (v: number | boolean | null | undefined) =>
  v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v));

function fixedWidth(
  elementType: number,
  width: number,
  values: ArrayLike<number | boolean | null>,
  write: (out: Buffer, value: number | boolean, at: number) => void,
): Buffer {
  let nulls = 0;
  for (let i = 0; i < values.length; i++) if (isNull(values[i])) nulls++;
  const out = Buffer.allocUnsafe(HEADER + values.length * 4 + (values.length - nulls) * width);
  let at = header(out, elementType, values.length, nulls > 0);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (isNull(v)) {
      at = out.writeInt32BE(-1, at);
      continue;
    }
    at = out.writeInt32BE(width, at);
    write(out, v!, at);
    at += width;
  }
  return out;
}

function integer(value: number | boolean): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`invalid input syntax for type integer: "${String(value)}"`);
  return n;
}

/** `integer[]` */
export const int4Array = (values: ArrayLike<number | null>): Buffer =>
  fixedWidth(INT4, 4, values, (out, v, at) => out.writeInt32BE(integer(v), at));

/** `bigint[]`, of integers a double holds exactly (epoch milliseconds, ids) */
export const int8Array = (values: ArrayLike<number | null>): Buffer =>
  fixedWidth(INT8, 8, values, (out, v, at) => {
    const n = integer(v);
    const high = Math.floor(n / 2 ** 32);
    out.writeInt32BE(high, at);
    out.writeUInt32BE(n - high * 2 ** 32, at + 4);
  });

/** `float8[]` */
export const float8Array = (values: ArrayLike<number | null>): Buffer =>
  fixedWidth(FLOAT8, 8, values, (out, v, at) => out.writeDoubleBE(v === 0 ? 0 : Number(v), at));

/** `boolean[]` */
export const boolArray = (values: ArrayLike<boolean | null>): Buffer =>
  fixedWidth(BOOL, 1, values, (out, v, at) => out.writeUInt8(v ? 1 : 0, at));

/** Texts as their UTF-8 bytes, no quoting or escaping. */
function textual(elementType: number, values: ArrayLike<string | null>): Buffer {
  let bytes = 0;
  let nulls = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) nulls++;
    else bytes += Buffer.byteLength(v);
  }
  const out = Buffer.allocUnsafe(HEADER + values.length * 4 + bytes);
  let at = header(out, elementType, values.length, nulls > 0);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      at = out.writeInt32BE(-1, at);
      continue;
    }
    const length = out.write(v, at + 4);
    out.writeInt32BE(length, at);
    at += 4 + length;
  }
  return out;
}

/** `varchar[]` */
export const varcharArray = (values: ArrayLike<string | null>): Buffer => textual(VARCHAR, values);

/** `text[]` */
export const textArray = (values: ArrayLike<string | null>): Buffer => textual(TEXT, values);
