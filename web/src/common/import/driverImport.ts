/** The driver import of document 1 §6 "Edit forms": a pasted grid, imported row by row with a log. */

export const IMPORT_COLUMNS = ['name', 'phone', 'notes', 'rfid'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export interface ImportRow extends Record<ImportColumn, string> {
  /** 0 waiting, up to 1 done */
  status: number;
  failed?: boolean;
}

export const INITIAL_ROWS = 10;

export const emptyRow = (): ImportRow => ({ name: '', phone: '', notes: '', rfid: '', status: 0 });
export const emptyRows = (count = INITIAL_ROWS): ImportRow[] => Array.from({ length: count }, emptyRow);

/** Spreadsheet text (tab-separated cells, one line per row) written from a cell on, growing the grid. */
export function pasteInto(
  rows: readonly ImportRow[],
  row: number,
  column: number,
  text: string,
): ImportRow[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const next = rows.map((r) => ({ ...r }));
  lines.forEach((line, i) => {
    while (next.length <= row + i) next.push(emptyRow());
    line.split('\t').forEach((cell, j) => {
      const key = IMPORT_COLUMNS[column + j];
      if (key) next[row + i][key] = cell.trim();
    });
  });
  return next;
}

/** Indexes of the rows to import: only rows with a name. */
export const importableRows = (rows: readonly ImportRow[]): number[] =>
  rows.flatMap((r, i) => (r.name.trim() ? [i] : []));

export interface ImportApi {
  /** Resolves when the drivers endpoint answers OK. */
  check(): Promise<void>;
  createDriver(body: {
    name: string;
    uniqueId: string;
    attributes: { phone: string; notes: string };
  }): Promise<{ id: number }>;
  addToGroup(groupId: number, driverId: number): Promise<void>;
}

export interface ImportEvents {
  row(index: number, status: number, failed?: boolean): void;
  log(key: string, values: Record<string, string | number>, error?: boolean): void;
}

const reason = (error: unknown): string => {
  const e = error as { status?: number; statusText?: string; body?: string; message?: string };
  return e?.status
    ? `${e.status} ${e.statusText ?? ''} ${e.body ?? ''}`.replace(/\s+/g, ' ').trim()
    : String(e?.message ?? error);
};

/**
 * Imports the rows one by one: create the driver, then add it to the group. A failure is logged as an
 * error and the import goes on with the next row. Answers false when the endpoint check failed.
 */
export async function runImport(
  rows: readonly ImportRow[],
  groupId: number | null,
  api: ImportApi,
  events: ImportEvents,
): Promise<boolean> {
  const indexes = importableRows(rows);
  try {
    await api.check();
  } catch (error) {
    events.log('settings.importLog.checkFailed', { reason: reason(error) }, true);
    return false;
  }
  events.log('settings.importLog.start', { count: indexes.length });
  for (const index of indexes) {
    const row = rows[index];
    const name = row.name.trim();
    let id: number;
    try {
      ({ id } = await api.createDriver({
        name,
        uniqueId: row.rfid.trim(),
        attributes: { phone: row.phone.trim(), notes: row.notes.trim() },
      }));
    } catch (error) {
      events.row(index, 1, true);
      events.log('settings.importLog.createFailed', { row: index + 1, name, reason: reason(error) }, true);
      continue;
    }
    events.log('settings.importLog.created', { row: index + 1, name, id });
    if (groupId) {
      events.row(index, 0.5);
      try {
        await api.addToGroup(groupId, id);
      } catch (error) {
        events.row(index, 1, true);
        events.log('settings.importLog.groupFailed', { row: index + 1, name, reason: reason(error) }, true);
        continue;
      }
    }
    events.row(index, 1);
  }
  events.log('settings.importDone', {});
  return true;
}
