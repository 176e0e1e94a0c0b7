/** Traccar's paging of object lists (limit, offset) and its excludeAttributes, on a sorted list. */
export function pageOf<T extends { attributes: Record<string, unknown> }>(
  rows: T[],
  options: { limit?: number; offset?: number; excludeAttributes?: boolean },
): T[] {
  const offset = options.limit ? (options.offset ?? 0) : 0;
  const page = options.limit ? rows.slice(offset, offset + options.limit) : rows;
  return options.excludeAttributes ? page.map((r) => ({ ...r, attributes: {} })) : page;
}
