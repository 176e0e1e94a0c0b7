import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildDdd, dayEpoch, type ActivityDaySpec } from '../server/src/modules/tacho/ddd/testing/buildDdd';
import { uniqueEmail, type AdminApi } from './src/api';
import {
  downloadBytes,
  closePage,
  describeBrowser,
  e2e,
  launchBrowser,
  screenshot,
  type TestPage,
} from './src/browser';
import { TachoTracker } from './src/tachoTracker';
import { PASSWORD, adminApi, runTag, sessionOnly, unzip } from './src/settingsKit';
import { untilDom, untilFrames } from './src/domWaits';

/**
 * The tachograph screens (issue 20 items 2 and 4): a tracker's card, state and counters reach the drivers
 * grid and change it live; DDD files uploaded from the browser (two at once, a non-DDD one refused) are
 * listed, ticked and downloaded as one zip with the right entries; both screens on a phone.
 */

const DAY = 86_400;

/** Days of driving, a break and work from `first`, as a card records them. */
const workDays = (first: string, count: number): ActivityDaySpec[] =>
  Array.from({ length: count }, (_, i) => ({
    day: dayEpoch(first) + i * DAY,
    distanceKm: 320,
    changes: [
      { minute: 0, activity: 'rest' as const },
      { minute: 360, activity: 'driving' as const },
      { minute: 630, activity: 'rest' as const },
      { minute: 675, activity: 'driving' as const },
      { minute: 900, activity: 'work' as const },
      { minute: 960, activity: 'rest' as const },
    ],
  }));

const driverRow = (page: Page, card: string) =>
  page.locator(`[data-testid="tacho-driver-row"][data-card="${card}"]`);

const cellText = (page: Page, card: string, field: string): Promise<string | null> =>
  driverRow(page, card).locator(`[data-field="${field}"][role="gridcell"]`).textContent();

const chipState = (page: Page, card: string): Promise<string | null> =>
  driverRow(page, card).getByTestId('tacho-activity-chip').getAttribute('data-state');

const fileIds = (page: Page): Promise<number[]> =>
  page
    .getByTestId('tacho-file-row')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))).sort((a, b) => a - b));

const noOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describeBrowser('tachograph', () => {
  const tag = runTag('tch');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage | undefined;
  let tracker: TachoTracker;
  const imei = `35630704${String(Date.now()).slice(-7)}`;
  const plate = `TC-${tag.slice(-4).toUpperCase()}`;
  // 16 characters: the tracker sends the card number in two 8-character halves.
  const card = `P${String(Date.now()).slice(-13)}01`.slice(0, 16);

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    await api.call('POST', '/api/devices', {
      name: `${tag} Camião`,
      uniqueId: imei,
      attributes: { license_plate: plate },
    });
    tracker = new TachoTracker(e2e.teltonikaPort);
    await tracker.connect(imei);
  }, 60_000);

  afterEach(async () => (t = await closePage(t)));
  afterAll(async () => {
    tracker?.close();
    await browser?.close();
  });

  it("shows a driver's state and counters from the tracker, and changes them live", async () => {
    // 25 minutes of driving before the break; the weekly rest in 3 hours.
    const counters = {
      10530: 1500,
      10528: 2700,
      10509: 14_400,
      10522: 10_800,
      10524: 32_400,
      10526: 162_000,
    };
    // Three co-workers' cards read earlier by the same tracker: available (blue), unavailable (red) and a
    // state 4, which document 3 §4 shows blank (not as error).
    const others = [`${card.slice(0, 14)}02`, `${card.slice(0, 14)}03`, `${card.slice(0, 14)}04`];
    expect(
      await tracker.report({ card: others[0], state: 1, names: ['ANA', 'COSTA'], counters: { 10530: 9000 } }),
    ).toBe(1);
    expect(
      await tracker.report({
        card: others[1],
        state: 7,
        names: ['RUI', 'SANTOS'],
        counters: { 10530: 16_200 },
      }),
    ).toBe(1);
    expect(
      await tracker.report({ card: others[2], state: 4, names: ['LUÍS', 'MATOS'], counters: { 10530: 600 } }),
    ).toBe(1);
    expect(await tracker.report({ card, state: 3, names: ['JOÃO', 'SILVA'], counters })).toBe(1);

    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/tacho_drivers');
    await page.getByRole('heading', { name: 'Condutores do tacógrafo' }).waitFor();
    await driverRow(page, card).waitFor();
    expect(await chipState(page, card)).toBe('3');
    expect(await driverRow(page, card).getByTestId('tacho-activity-chip').textContent()).toBe('Condução');
    expect(await cellText(page, card, 'fullName')).toBe('JOÃO SILVA');
    expect(await cellText(page, card, 'vehicle')).toBe(`${tag} Camião (${plate})`);
    expect(await cellText(page, card, 'Driver1RemainingTimeUntilNextBreakOrRest')).toBe('0:25');
    expect(await cellText(page, card, 'Driver1DurationOfNextBreakRest')).toBe('0:45');
    expect(await cellText(page, card, 'Driver1TimeLeftUntilNewDailyRestPeriod')).toBe('4:00');
    expect(await cellText(page, card, 'Driver1TimeLeftUntilNewWeeklyRestPeriod')).toBe('3:00');
    expect(await cellText(page, card, 'Driver1MinimumDailyRest')).toBe('9:00');
    expect(await cellText(page, card, 'Driver1MinimumWeeklyRest')).toBe('45:00');
    const height = await driverRow(page, card).evaluate((row) => row.getBoundingClientRect().height);
    expect(height).toBe(30);
    await driverRow(page, others[1]).waitFor();
    expect(await chipState(page, others[0])).toBe('1');
    expect(
      await driverRow(page, others[0]).getByTestId('tacho-activity-chip').getAttribute('data-colour'),
    ).toBe('blue');
    expect(
      await driverRow(page, others[1]).getByTestId('tacho-activity-chip').getAttribute('data-colour'),
    ).toBe('red');
    expect(await driverRow(page, card).getByTestId('tacho-activity-chip').getAttribute('data-colour')).toBe(
      'green',
    );
    expect(await cellText(page, others[1], 'fullName')).toBe('RUI SANTOS');
    await driverRow(page, others[2]).waitFor();
    expect(await chipState(page, others[2])).toBe('4');
    expect(await driverRow(page, others[2]).getByTestId('tacho-activity-chip').textContent()).toBe('');
    expect(
      await driverRow(page, others[2]).getByTestId('tacho-activity-chip').getAttribute('data-colour'),
    ).toBeNull();
    await screenshot(page, 'tacho-drivers');

    // Search on the plate (the four cards' last vehicle), a name that is not there, a driver's name.
    const count = () => page.getByTestId('tacho-drivers-count').getAttribute('data-count');
    await page.getByTestId('tacho-drivers-search').fill(plate.toLowerCase());
    await untilDom(page, async () => expect(await count()).toBe('4'));
    await page.getByTestId('tacho-drivers-search').fill(`${tag}-ninguém`);
    await driverRow(page, card).waitFor({ state: 'detached' });
    await page.getByTestId('tacho-drivers-search').fill('silva');
    await driverRow(page, card).waitFor();
    await untilDom(page, async () => expect(await count()).toBe('1'));

    // The export has the grid's texts: the state's label and the counters as h:mm.
    await page.getByTestId('tacho-drivers-export').click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('tacho-drivers-export-csv').click(),
    ]);
    const lines = (await downloadBytes(csv))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Actividade,Condutor,Último veículo,Última actualização');
    expect(lines[1]).toContain('Condução,JOÃO SILVA,');
    expect(lines[1]).toMatch(/,0:25,0:45,4:00,3:00,9:00,45:00$/);

    // The driver stops for his break: the open grid follows at the next live flush (10 s), no reload.
    expect(
      await tracker.report({ card, state: 0, names: ['JOÃO', 'SILVA'], counters: { ...counters, 10530: 0 } }),
    ).toBe(1);
    await untilDom(page, async () => expect(await chipState(page, card)).toBe('0'), 25_000);
    expect(await driverRow(page, card).getByTestId('tacho-activity-chip').textContent()).toBe('Descanso');

    await page.setViewportSize({ width: 390, height: 844 });
    // on a phone the driver is a card (the grid's rows go a moment later: read the card's)
    const phoneRow = page
      .getByTestId('list-cards')
      .locator(`[data-testid="tacho-driver-row"][data-card="${card}"]`);
    await phoneRow.waitFor();
    await untilFrames(page, async () => expect(await noOverflow(page)).toBeLessThanOrEqual(0), 5_000);
    // On a phone the driver is a card: the time left before the break is on the first screen.
    await untilFrames(
      page,
      async () => {
        const box = await phoneRow
          .locator('[data-field="Driver1RemainingTimeUntilNextBreakOrRest"]')
          .boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      },
      5_000,
    );
    await screenshot(page, 'tacho-drivers-phone');
  }, 90_000);

  it('uploads two DDD files at once, refuses a non-DDD one, and downloads the ticked ones as one zip', async () => {
    const cardNumber = `${String(Date.now()).slice(-13)}000`.slice(0, 14);
    const cardBytes = buildDdd({
      kind: 'D',
      generation: 1,
      cardNumber,
      surname: `Gonçalves${tag}`,
      firstNames: 'Ana',
      nation: 'P',
      lastDownload: Math.floor(Date.now() / 1000) - 3600,
      days: workDays('2026-10-01', 5),
    });
    const vrn = `VU-${tag.slice(-4).toUpperCase()}`;
    const vuBytes = buildDdd({
      kind: 'V',
      generation: 1,
      vin: `WDB963403${String(Date.now()).slice(-8)}`,
      vrn,
      nation: 'P',
      // Downloaded 120 days ago: past the vehicle unit's 90 days, the list marks it.
      downloadTime: Math.floor(Date.now() / 1000) - 120 * DAY,
      downloadableFrom: Math.floor(Date.now() / 1000) - 150 * DAY,
      downloadableTo: Math.floor(Date.now() / 1000) - 120 * DAY,
    });
    const cardName = `C_${tag}_ANA.DDD`;
    const vuName = `M_${tag}_${vrn}.DDD`;

    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/tacho_files');
    await page.getByRole('heading', { name: 'Ficheiros do tacógrafo' }).waitFor();
    const before = await fileIds(page);
    await page.getByTestId('tacho-upload').setInputFiles([
      { name: cardName, mimeType: 'application/octet-stream', buffer: cardBytes },
      { name: vuName, mimeType: 'application/octet-stream', buffer: vuBytes },
      { name: `${tag}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not a tachograph') },
    ]);
    const item = (name: string) => page.locator(`[data-testid="tacho-upload-item"][data-name="${name}"]`);
    await untilDom(
      page,
      async () => expect(await item(cardName).getAttribute('data-state')).toBe('done'),
      15_000,
    );
    await untilDom(
      page,
      async () => expect(await item(vuName).getAttribute('data-state')).toBe('done'),
      15_000,
    );
    await untilDom(
      page,
      async () => expect(await item(`${tag}.pdf`).getAttribute('data-state')).toBe('refused'),
      15_000,
    );
    expect(await item(`${tag}.pdf`).getByTestId('tacho-upload-message').textContent()).toBe(
      'O ficheiro não é um ficheiro de tacógrafo válido',
    );

    let added: number[] = [];
    await untilDom(
      page,
      async () => {
        added = (await fileIds(page)).filter((id) => !before.includes(id));
        expect(added).toHaveLength(2);
      },
      15_000,
    );
    const row = (id: number) => page.locator(`[data-testid="tacho-file-row"][data-id="${id}"]`);
    const types = await Promise.all(
      added.map((id) => row(id).getByTestId('tacho-file-entity').getAttribute('data-type')),
    );
    expect([...types].sort()).toEqual(['D', 'V']);
    const vuId = added[types.indexOf('V')];
    const cardId = added[types.indexOf('D')];
    expect(await row(vuId).getByTestId('tacho-file-stale').count()).toBe(1);
    expect(await row(cardId).getByTestId('tacho-file-stale').count()).toBe(0);
    // and what the mark means, below the list
    expect(await page.getByTestId('tacho-legend-stale').textContent()).toContain('Descarga em atraso');
    expect(await row(cardId).locator('[data-field="days"][role="gridcell"]').textContent()).toBe('5');
    await screenshot(page, 'tacho-files-uploaded');
    await page.getByTestId('tacho-uploads-close').click();
    expect(await row(vuId).getAttribute('class')).toContain('list-row-warning');
    expect(await row(cardId).getAttribute('class')).not.toContain('list-row-warning');

    // The schedule is edited in place and kept by the server; Custom asks for its days.
    const schedule = (id: number) => row(id).locator('[data-field="periodicity"][role="gridcell"]');
    await schedule(cardId).getByRole('combobox').click();
    await page.locator('[data-testid="tacho-schedule-option"][data-value="Weekly"]').click();
    await untilDom(page, async () => expect(await schedule(cardId).textContent()).toBe('Semanal'));
    await schedule(vuId).getByRole('combobox').click();
    await page.locator('[data-testid="tacho-schedule-option"][data-value="Custom"]').click();
    await page.getByTestId('tacho-custom-days-input').fill('400');
    expect(await page.getByTestId('tacho-custom-days-save').isDisabled()).toBe(true);
    await page.getByTestId('tacho-custom-days-input').fill('60');
    await page.getByTestId('tacho-custom-days-save').click();
    await untilDom(page, async () => expect(await schedule(vuId).textContent()).toBe('A cada 60 dias'));
    const stored = await api.call<Array<{ id: number; periodicity: string; custom_days: number | null }>>(
      'GET',
      '/report/api.php/tacho_files',
    );
    expect(stored.find((f) => f.id === vuId)).toMatchObject({ periodicity: 'Custom', custom_days: 60 });
    expect(stored.find((f) => f.id === cardId)?.periodicity).toBe('Weekly');

    // Only the two new files: search the run's tag, tick all, download.
    await page.getByTestId('tacho-files-search').fill(tag);
    await untilDom(page, async () => expect(await fileIds(page)).toEqual([...added].sort((a, b) => a - b)));
    expect(await page.getByTestId('tacho-files-count').getAttribute('data-count')).toBe('2');
    await page.locator('.MuiDataGrid-columnHeaderCheckbox input[type="checkbox"]').check();
    await untilDom(page, async () =>
      expect(await page.getByTestId('tacho-files-selected').textContent()).toBe('2 Ficheiros seleccionados'),
    );
    await screenshot(page, 'tacho-files');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('tacho-download-selected').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tacho_files_\d{8}_\d{4}\.zip$/);
    const entries = unzip(await downloadBytes(download));
    expect([...entries.keys()].sort()).toEqual([cardName, vuName].sort());
    expect(entries.get(cardName)!.equals(cardBytes)).toBe(true);
    expect(entries.get(vuName)!.equals(vuBytes)).toBe(true);

    // One file by its own link, under its original name.
    const [single] = await Promise.all([
      page.waitForEvent('download'),
      row(cardId).getByTestId('tacho-file-download').click(),
    ]);
    expect(single.suggestedFilename()).toBe(cardName);

    // A file dropped on the screen is uploaded too.
    const droppedName = `C_${tag}_DROP.DDD`;
    const dropped = buildDdd({
      kind: 'D',
      generation: 2,
      cardNumber: `${String(Date.now() + 7).slice(-13)}100`.slice(0, 14),
      surname: `Dropped${tag}`,
      firstNames: 'Rui',
      nation: 'P',
      lastDownload: Math.floor(Date.now() / 1000) - 3600,
      days: workDays('2026-11-01', 2),
    });
    const transfer = await page.evaluateHandle(
      ({ name, base64 }) => {
        const data = new DataTransfer();
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], name, { type: 'application/octet-stream' }));
        return data;
      },
      { name: droppedName, base64: dropped.toString('base64') },
    );
    const zone = page.getByTestId('tacho-upload-zone');
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await untilDom(
      page,
      async () => expect(await item(droppedName).getAttribute('data-state')).toBe('done'),
      15_000,
    );
    await untilDom(page, async () => expect(await fileIds(page)).toHaveLength(3), 15_000);

    await page.setViewportSize({ width: 390, height: 844 });
    await row(cardId).waitFor();
    await untilFrames(page, async () => expect(await noOverflow(page)).toBeLessThanOrEqual(0), 5_000);
    await screenshot(page, 'tacho-files-phone');
  }, 120_000);

  it('gives a read-only user the files without the upload or the schedule editor', async () => {
    const email = uniqueEmail('tacholeitor');
    await api.createUser({
      name: `${tag} Leitor`,
      email,
      password: PASSWORD,
      readonly: true,
      attributes: { permissions: ['tacho.files'] },
    });
    t = await sessionOnly(browser, email, PASSWORD);
    const { page } = t;
    await page.goto('/tacho_files');
    await page.getByRole('heading', { name: 'Ficheiros do tacógrafo' }).waitFor();
    await page.locator('.MuiDataGrid-overlay, .MuiDataGrid-row').first().waitFor();
    expect(await page.getByTestId('tacho-upload').count()).toBe(0);
    expect(await page.getByTestId('tacho-download-selected').isDisabled()).toBe(true);
    expect(await page.locator('.MuiDataGrid-overlay').textContent()).toBe('Sem dados');
    await screenshot(page, 'tacho-files-empty');
  }, 60_000);
});
