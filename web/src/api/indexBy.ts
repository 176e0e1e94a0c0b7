/**
 * A map of items by key, built with one loop: `new Map(items.map(...))` makes a throwaway pair array per
 * item, and the live screen builds several maps of 10,000 vehicles on every flush.
 */
export function indexBy<T, K>(items: Iterable<T>, key: (item: T) => K): Map<K, T> {
  const map = new Map<K, T>();
  for (const item of items) map.set(key(item), item);
  return map;
}
