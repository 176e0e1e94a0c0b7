import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AdminApi } from './src/api';
import { describeBrowser, launchBrowser, type TestPage } from './src/browser';
import {
  adminApi,
  chooseOption,
  columnTexts,
  formScreenshot,
  openList,
  runTag,
  saveExpectingError,
  search,
  sessionOnly,
} from './src/settingsKit';

type Zone = {
  id: number;
  name: string;
  description: string;
  area: string;
  attributes: Record<string, unknown>;
};

describeBrowser('zone form', () => {
  const tag = runTag('zon');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage;
  let point: Zone;
  let area: Zone;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    point = await api.call<Zone>('POST', '/api/geofences', {
      name: `${tag} Posto`,
      area: 'CIRCLE (-8.8383 13.2344, 100)',
      attributes: { icon: 'fuel' },
    });
    area = await api.call<Zone>('POST', '/api/geofences', {
      name: `${tag} Parque`,
      area: 'POLYGON ((-8.8 13.2, -8.8 13.3, -8.9 13.3, -8.8 13.2))',
      attributes: {},
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await t?.context.close();
    expect(t.errors).toEqual([]);
  });

  it('edits a point zone: name, notes, km/h speed limit, icon and radius; refuses a bad area', async () => {
    t = await sessionOnly(browser);
    const page = t.page;
    await openList(page, '/settings/geofences');
    await search(page, `${tag} posto`);
    await page.getByTestId('list-edit').click();
    await page.waitForURL((url) => url.pathname === `/settings/geofence/${point.id}`);
    await page.getByTestId('zone-name').fill(`${tag} Hospital`);
    await page.getByTestId('zone-description').fill('Urgências');
    await page.getByTestId('zone-speedLimit').fill('30');
    await chooseOption(page, 'zone-icon', 'Hospital');
    await page.getByTestId('zone-radius').fill('250');
    expect(await page.getByTestId('zone-area').inputValue()).toBe('CIRCLE (-8.8383 13.2344, 250)');
    // the map above the fields shows the zone's shape as it is now
    await page
      .getByTestId('zone-preview')
      .locator('[data-testid="map-canvas"][data-fitted="CIRCLE (-8.8383 13.2344, 250)"][data-idle]')
      .waitFor();
    // zoom buttons lead out to the zone's surroundings
    expect(await page.getByTestId('zone-preview').locator('.maplibregl-ctrl-zoom-out').isVisible()).toBe(
      true,
    );
    await formScreenshot(page, 'settings-zone-form');
    // a click on the map puts the circle's centre there (up and left of it: north and west)
    await page
      .getByTestId('zone-preview')
      .locator('canvas')
      .click({ position: { x: 30, y: 30 } });
    await page
      .getByTestId('zone-preview')
      .locator('[data-testid="map-canvas"]:not([data-fitted="CIRCLE (-8.8383 13.2344, 250)"])')
      .waitFor();
    const moved = /^CIRCLE \((-?[\d.]+) (-?[\d.]+), 250\)$/.exec(
      await page.getByTestId('zone-area').inputValue(),
    );
    expect(Number(moved?.[1])).toBeGreaterThan(-8.8383);
    expect(Number(moved?.[2])).toBeLessThan(13.2344);
    // the shape as text is folded away until asked for
    expect(await page.getByTestId('zone-area').isVisible()).toBe(false);
    await page.getByTestId('zone-area-toggle').click();
    await page.getByTestId('zone-area').fill('SQUARE (1 2)');
    expect(await saveExpectingError(page)).toContain('Área da zona inválida');
    // a zone needs its name
    await page.getByTestId('zone-name').fill(' ');
    expect(await saveExpectingError(page)).toContain('Deve indicar o nome da zona');
    await page.getByTestId('zone-name').fill(`${tag} Hospital`);
    await page.getByTestId('zone-area').fill('CIRCLE (-8.8383 13.2344, 250)');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/geofences');
    await search(page, tag);
    expect(await columnTexts(page, 'name')).toEqual([`${tag} Hospital`, `${tag} Parque`]);
    expect(await columnTexts(page, 'speedLimit')).toEqual(['30', '']);
    const saved = await api.call<Zone>('GET', `/api/geofences/${point.id}`);
    expect(saved).toMatchObject({ description: 'Urgências', area: 'CIRCLE (-8.8383 13.2344, 250)' });
    expect(saved.attributes.icon).toBe('hospital');
    expect(saved.attributes.speedLimit).toBeCloseTo(30 / 1.852, 6);
  });

  it('edits an area zone: colour of the palette and fill', async () => {
    t = await sessionOnly(browser);
    const page = t.page;
    await page.goto(`/settings/geofence/${area.id}`);
    await page.getByTestId('zone-colors').waitFor();
    expect(await page.getByTestId('zone-radius').count()).toBe(0);
    await page
      .getByTestId('zone-preview')
      .locator(`[data-testid="map-canvas"][data-fitted="${area.area}"]`)
      .waitFor();
    await page.getByTestId('zone-color-f44336').click();
    await page.getByTestId('zone-fill').check();
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/geofences');
    const saved = await api.call<Zone>('GET', `/api/geofences/${area.id}`);
    expect(saved.attributes).toMatchObject({ color: 'f44336', fill: true });
  });

  it('sends the user from the zones list to the map with the zone tool on, and saves the drawn zone', async () => {
    t = await sessionOnly(browser);
    const page = t.page;
    await openList(page, '/settings/geofences');
    await page.getByTestId('zones-draw').click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?draw=zone');
    // the polygon tool is on, and says what it adds in the user's language
    const tool = page.locator('.mapbox-gl-draw_polygon.active');
    await tool.waitFor();
    expect(await tool.getAttribute('title')).toBe('Adicionar zona (polígono)');
    expect(await page.locator('.mapbox-gl-draw_point').getAttribute('title')).toBe(
      'Adicionar ponto de interesse',
    );
    expect(await page.locator('.maplibregl-ctrl-zoom-in').getAttribute('title')).toBe('Aproximar');
    // the drawing tools take clicks once the map has loaded, and the camera has settled on the fleet
    await page.locator('[data-testid="map-canvas"][data-draw-ready]:not([data-moving])').waitFor();
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    const at = (x: number, y: number) => page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    await at(0.45, 0.4);
    await at(0.6, 0.4);
    // the corners opened no vehicle; a double click places the last one and closes the zone
    expect(await page.getByTestId('vehicle-popup').count()).toBe(0);
    await page.mouse.dblclick(box.x + box.width * 0.55, box.y + box.height * 0.6);
    await page.getByTestId('zone-dialog').waitFor();
    await page.getByTestId('zone-name').fill(`${tag} Desenhada`);
    await page.getByTestId('zone-save').click();
    await page.getByTestId('message-dialog').waitFor();
    await page.getByTestId('dialog-ok').click();
    const all = await api.call<Zone[]>('GET', '/api/geofences');
    expect(all.find((z) => z.name === `${tag} Desenhada`)?.area).toMatch(/^POLYGON \(\(/);
  });
});
