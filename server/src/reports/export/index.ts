/** Renders report results as a file: pdf (inline), xlsx, csv, xml (attachments), named with a stamp. */
import type { ReportResult } from '../model';
import type { Zone } from '../../track/timezone';
import { toCsv } from './csv';
import { toPdf } from './pdf';
import { toXlsx } from './xlsx';
import { toXml } from './xml';
import type { ReportTranslator } from '../i18n/reportTexts';
import { fileWords } from './fileWords';

export type FileFormat = 'pdf' | 'excel' | 'csv' | 'xml';

export interface RenderedFile {
  body: Buffer;
  contentType: string;
  filename: string;
  disposition: 'inline' | 'attachment';
}

const TYPES: Record<FileFormat, { ext: string; type: string }> = {
  pdf: { ext: 'pdf', type: 'application/pdf' },
  excel: { ext: 'xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  csv: { ext: 'csv', type: 'text/csv; charset=utf-8' },
  xml: { ext: 'xml', type: 'application/xml; charset=utf-8' },
};

export interface RenderMeta {
  /** file name stem, e.g. the report name */
  name: string;
  /** title for empty files and the pdf header */
  title: string;
  client: string;
  zone: Zone;
  now: number;
  /** the run's translator: the file's fixed words and numbers in the reader's language */
  translator: ReportTranslator;
}

export async function renderFile(
  format: FileFormat,
  results: ReportResult[],
  meta: RenderMeta,
): Promise<RenderedFile> {
  const generated = meta.zone.dateTime(meta.now);
  const words = fileWords(meta.translator);
  const title = words.text(meta.title);
  const body =
    format === 'pdf'
      ? await toPdf(results, title, meta.client, generated, words)
      : format === 'excel'
        ? await toXlsx(results, title, meta.client, words)
        : format === 'csv'
          ? toCsv(results, title, words)
          : toXml(results, title, generated);
  const { ext, type } = TYPES[format];
  return {
    body,
    contentType: type,
    filename: `${meta.name}_${meta.zone.stamp(meta.now)}.${ext}`,
    disposition: format === 'pdf' ? 'inline' : 'attachment',
  };
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(file: RenderedFile): string {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `${file.disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`;
}
