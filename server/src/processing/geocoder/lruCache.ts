/** A least-recently-used cache on a Map (whose iteration order is insertion order). */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new Error(`LruCache capacity must be at least 1, got ${capacity}`);
  }

  get size(): number {
    return this.map.size;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  get(key: K): V | undefined {
    const value = this.map.get(key);
    // a stored undefined is told from a missing key only then (one lookup on the usual path)
    if (value === undefined && !this.map.has(key)) return undefined;
    this.map.delete(key);
    this.map.set(key, value as V);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }
}
