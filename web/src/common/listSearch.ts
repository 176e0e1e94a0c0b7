/** Case- and accent-insensitive text for searching. */
export const normalizeSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Rows whose searchable texts contain the query; all rows for an empty query. */
export function filterRows<R>(rows: readonly R[], query: string, texts: (row: R) => unknown[]): R[] {
  const needle = normalizeSearch(query);
  if (!needle) return [...rows];
  return rows.filter((row) =>
    texts(row).some(
      (value) => value !== null && value !== undefined && normalizeSearch(String(value)).includes(needle),
    ),
  );
}

/** Compares names ignoring case and accents, the way a person sorts a list. */
export const compareText = (a: unknown, b: unknown): number =>
  String(a ?? '').localeCompare(String(b ?? ''), 'pt', { sensitivity: 'base', numeric: true });
