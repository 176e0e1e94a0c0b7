/**
 * CSV (RFC 4180): comma separated, CRLF, quoted when needed, UTF-8 with a BOM so Excel reads accents;
 * written by the shared writer, which neutralises formula-like text (names, descriptions typed by users).
 */
import { csvLine as line } from '@frota/core/csv';
import { fileTables, NO_DATA } from './tables';
import type { FileWords } from './fileWords';
import type { ReportResult } from '../model';

export function toCsv(results: ReportResult[], title: string, words: FileWords): Buffer {
  const lines: string[] = [];
  const tables = fileTables(results);
  if (!tables.length) lines.push(line([title]), line([words.text(NO_DATA)]));
  tables.forEach((t, i) => {
    if (i > 0) lines.push('');
    lines.push(line([t.title]));
    for (const s of t.subtitles) lines.push(line([s]));
    lines.push(line(t.header));
    for (const row of t.data) lines.push(line(row));
    for (const row of t.footer) lines.push(line(row));
  });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n') + '\r\n', 'utf8')]);
}
