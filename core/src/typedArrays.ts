/** The typed arrays of numbers (not the BigInt ones) that columnar code grows. */
export type NumberArray =
  | Float64Array
  | Float32Array
  | Int32Array
  | Uint32Array
  | Int16Array
  | Uint16Array
  | Int8Array
  | Uint8Array;

/**
 * A typed array of `a`'s own kind with room for `capacity` values, `a`'s values copied to its start
 * (the rest zero). Columns kept in typed arrays grow with it.
 */
export function grown<T extends NumberArray>(a: T, capacity: number): T {
  const next = new (a.constructor as new (n: number) => T)(capacity);
  next.set(a);
  return next;
}
