/** What every file format writes: the results with empty-title columns dropped. */
import type { Cell, ColumnType, ReportResult } from '../model';

export interface FileTable {
  title: string;
  subtitles: string[];
  header: string[];
  types: ColumnType[];
  formats: string[];
  data: Cell[][];
  footer: Cell[][];
  source: ReportResult;
}

export function fileTables(results: ReportResult[]): FileTable[] {
  return results.map((r) => {
    const keep = r.header
      .map((h, i) => (h.trim() !== '' && r.data_types[i] !== 'hidden' ? i : -1))
      .filter((i) => i >= 0);
    const pick = <T>(row: T[]) => keep.map((i) => row[i]);
    return {
      title: r.title,
      subtitles: [r.subtitle, r.subtitle2, r.subtitle3].filter((s) => s && s.trim()),
      header: pick(r.header),
      types: pick(r.data_types),
      formats: pick(r.data_format),
      data: r.data.map(pick),
      footer: r.footer.map(pick),
      source: r,
    };
  });
}

export const NO_DATA = 'Sem dados.';

/** DD/MM/YYYY HH:mm:ss (or DD/MM/YYYY) -> a Date whose UTC fields are that wall-clock time. */
export function wallClock(text: string): Date | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return undefined;
  const [d, mo, y, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/** HH:MM:SS (hours may pass 24) -> seconds. */
export function durationSeconds(text: string): number | undefined {
  const m = /^(\d+):(\d{2}):(\d{2})$/.exec(text);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}
