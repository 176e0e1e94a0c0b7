/** XML: <reports><report name title…><columns/><rows/><footer/></report></reports>. */
import { create } from 'xmlbuilder2';
import type { ReportResult } from '../model';
import { fileTables } from './tables';

export function toXml(results: ReportResult[], title: string, generated: string): Buffer {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('reports', { title, generated });
  for (const t of fileTables(results)) {
    const r = t.source;
    const report = root.ele('report', {
      name: r.report,
      title: r.title,
      subtitle: r.subtitle,
      subtitle2: r.subtitle2,
      subtitle3: r.subtitle3,
      ...(r.deviceId !== undefined ? { deviceId: String(r.deviceId) } : {}),
      ...(r.driverId !== undefined ? { driverId: String(r.driverId) } : {}),
    });
    const columns = report.ele('columns');
    t.header.forEach((h, i) => columns.ele('column', { type: t.types[i] }).txt(h));
    const rows = report.ele('rows');
    for (const row of t.data) {
      const el = rows.ele('row');
      for (const c of row) el.ele('cell').txt(c === null ? '' : String(c));
    }
    const footer = report.ele('footer');
    for (const row of t.footer) {
      const el = footer.ele('row');
      for (const c of row) el.ele('cell').txt(c === null ? '' : String(c));
    }
  }
  return Buffer.from(root.end({ prettyPrint: true }), 'utf8');
}
