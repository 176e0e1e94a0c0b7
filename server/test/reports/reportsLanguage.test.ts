/**
 * Report contents in the reader's language (issue 36): every fixed text of every report the fleet can run is
 * in the translation tables, an English reader gets English titles, columns, footers and numbers, and the
 * files of an English run are written in English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userClient, type Client, type TestServer } from '../harness';
import { reportFleet, type ReportFleet } from '../../src/reports/testing/fleet';
import { reportTranslator } from '../../src/reports/i18n/reportTexts';
import type { ReportResult } from '../../src/reports/model';

const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };
const YEAR = { year: '2025' };
const portuguese = reportTranslator('pt');
const hasWords = (s: unknown): s is string => typeof s === 'string' && /\p{L}{2}/u.test(s);

/** The fixed texts of a result: its title before the name, subtitles' parts, columns, footers, pie labels. */
function fixedTexts(r: ReportResult): string[] {
  const texts = [
    r.title.split(' - ')[0]!,
    r.subtitle,
    r.subtitle2,
    r.subtitle3,
    ...r.header,
    ...r.footer.flat(),
    ...(r.data_pie1 ?? []).map((p) => p.label),
  ];
  return texts.filter(hasWords);
}

describe('reports in the reader’s language', () => {
  let server: TestServer;
  let f: ReportFleet;
  let pt: Client;
  let en: Client;
  let names: string[];
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    f = await reportFleet(server);
    const reader = (email: string, language: string) =>
      userClient(server, f.admin, {
        email,
        administrator: true,
        attributes: { language, timezone: 'Africa/Luanda' },
      });
    pt = (await reader('leitor.pt@x.ao', 'pt')).client;
    en = (await reader('reader.en@x.ao', 'en')).client;
    names = ((await pt.get('/report/api.php/reports')).body as Array<{ name: string }>).map((r) => r.name);
  });
  afterAll(async () => server.close());

  const run = async (client: Client, name: string, extra: Record<string, unknown> = {}) => {
    const cost = name.startsWith('management_');
    const body = {
      devices: [f.a.id, f.b.id],
      ...(cost ? YEAR : DAY),
      geofences: [f.start.id, f.client.id],
      ...extra,
    };
    return client.post(`/report/report_${name}.php`, body);
  };

  it('has every fixed text of every report in the translation tables', async () => {
    const unknown = new Set<string>();
    let ran = 0;
    for (const name of names) {
      const r = await run(pt, name);
      if (r.status === 400) continue; // reports for other kinds of vehicle (eco driving, machines)
      expect(r.status, `${name}: ${r.text}`).toBe(200);
      ran++;
      for (const result of r.body as ReportResult[])
        for (const text of fixedTexts(result)) if (!portuguese.knows(text)) unknown.add(`${name}: ${text}`);
    }
    expect(ran).toBeGreaterThan(25);
    expect([...unknown]).toEqual([]);
  });

  it('gives an English reader English titles, columns, footers and number formats', async () => {
    const [trips] = (await run(en, 'trips')).body as ReportResult[];
    expect(trips!.title).toBe('Trips - Camião 1');
    expect(trips!.header).toContain('Duration');
    expect(trips!.header).not.toContain('Duração');
    expect(trips!.footer[0]![0]).toBe('Total');
    expect(String(trips!.footer[0]![1])).toMatch(/^\d+ trips?$/);
    const [stops] = (await run(en, 'stops')).body as ReportResult[];
    expect([stops!.subtitle, stops!.subtitle2, stops!.subtitle3].join(' · ')).toMatch(/Minimum stop: 5 min/);
    // the same run in Portuguese keeps the spec's texts
    const [ptTrips] = (await run(pt, 'trips')).body as ReportResult[];
    expect(ptTrips!.title).toBe('Viagens - Camião 1');
  });

  it('writes an English run’s files in English', async () => {
    const csv = await run(en, 'trips', { format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Trips - Camião 1');
    expect(csv.text).not.toContain('Viagens');
    const empty = await run(en, 'trips', {
      format: 'csv',
      from: '2025-04-01 00:00:00',
      to: '2025-04-01 23:59:59',
    });
    expect(empty.text).toContain('No data.');
  });
});
