import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Db } from '../server/src/db/database';
import { saveCameraMedia } from '../server/src/modules/cameras/media/mediaStore';
import { claimName } from '../server/src/modules/cameras/media/conversionJob';
import { acquireLease } from '../server/src/jobs/lease';
import {
  closePage,
  describeBrowser,
  downloadBytes,
  e2e,
  launchBrowser,
  screenshot,
  settle,
  type TestPage,
} from './src/browser';
import { createLiveFleet, offline, type LiveFleet } from './src/liveFleet';
import { typeDateTime } from './src/reportsPage';
import { runTag, sessionAs, sessionOnly, typeDate } from './src/settingsKit';
import { untilDom } from './src/domWaits';

/**
 * The camera screens (issue 21 item 4): media rows seeded straight into the server's database (a real JPEG
 * and a real H.264 MP4 made with ffmpeg), the cameras list with its latest images and full-screen viewer, the
 * media list of one vehicle (order, count, place, camera, event, days, video with seeking, processing,
 * delete with confirmation), the camera dialog of the live map (state IO, take photo and video, toasts), and
 * a user who does not see the vehicle, who sees nothing. Desktop and phone screenshots of each.
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;
const LUANDA_OFFSET = HOUR; // UTC+1 all year

/** The first minute of today in Luanda (the users' default timezone), epoch ms. */
const luandaDayStart = (now: number): number =>
  Math.floor((now + LUANDA_OFFSET) / 86_400_000) * 86_400_000 - LUANDA_OFFSET;

/** Luanda's YYYY-MM-DD of an instant. */
const luandaDay = (ms: number): string => new Date(ms + LUANDA_OFFSET).toISOString().slice(0, 10);

const vehicleRow = (page: Page, id: number) =>
  page.locator(`[data-testid="camera-vehicle-row"][data-device-id="${id}"]`);

const mediaIds = (page: Page): Promise<number[]> =>
  page
    .getByTestId('camera-media-row')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));

const cell = (page: Page, id: number, field: string) =>
  page.locator(`[data-testid="camera-media-row"][data-id="${id}"] [data-field="${field}"][role="gridcell"]`);

function makeMedia(): { jpeg: Buffer; mp4: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'camweb-'));
  try {
    const ff = (...args: string[]) =>
      execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
    ff('-f', 'lavfi', '-i', 'testsrc=size=640x480', '-frames:v', '1', join(dir, 'photo.jpg'));
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=10',
      '-t',
      '4',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-movflags',
      '+faststart',
      join(dir, 'video.mp4'),
    );
    return { jpeg: readFileSync(join(dir, 'photo.jpg')), mp4: readFileSync(join(dir, 'video.mp4')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeBrowser('cameras', () => {
  const tag = runTag('cam');
  let browser: Browser;
  let fleet: LiveFleet;
  let outsider: LiveFleet;
  let db: Db;
  let t: TestPage | undefined;
  const ids = { roadPhoto: 0, driverPhoto: 0, roadVideo: 0, driverVideo: 0, oldPhoto: 0 };
  let jpeg: Buffer;
  const now = Date.now();
  // Today's media stay inside today in Luanda even when the suite runs just after midnight.
  const base = Math.max(now - 10 * MINUTE, luandaDayStart(now) + MINUTE);
  const oldTime = luandaDayStart(now) - 3 * 24 * HOUR + 10 * HOUR;

  beforeAll(async () => {
    browser = await launchBrowser();
    fleet = await createLiveFleet(
      tag,
      [
        {
          key: 'van',
          name: `Carrinha ${tag}`,
          group: 'a',
          attributes: { has_camera: 1, license_plate: 'LD-21-04-CM' },
          fix: { lat: -8.8383, lon: 13.2344, extra: { io497: 1, io498: 3 } },
        },
        { key: 'truck', name: `Camião ${tag}`, group: 'a', attributes: { has_camera: 1 } },
        { key: 'plain', name: `Ligeiro ${tag}`, group: 'a', fix: { lat: -8.82, lon: 13.23 } },
      ],
      { attributes: { permissions: ['map.online', 'module.cameras'] } },
    );
    outsider = await createLiveFleet(`${tag}x`, [{ key: 'other', name: `Outro ${tag}`, group: 'a' }], {
      attributes: { permissions: ['map.online', 'module.cameras'] },
    });
    const media = makeMedia();
    jpeg = media.jpeg;
    db = openDatabase({ kind: 'sqlite', file: join(e2e.dataDir, 'frota.db') });
    const deviceId = fleet.devices.van.id;
    const place = { latitude: -8.8383, longitude: 13.2344, address: `Rua da Missão ${tag}, Luanda` };
    ids.oldPhoto = await saveCameraMedia(db, {
      deviceId,
      type: 'P',
      camera: 'F',
      time: oldTime,
      trigger: 64,
      content: media.jpeg,
    });
    ids.driverVideo = await saveCameraMedia(db, {
      deviceId,
      type: 'V',
      camera: 'R',
      time: base + 1 * MINUTE,
      trigger: 8,
      raw: Buffer.from([0, 0, 0, 1, 0x67, 0x42]),
      duration: 10,
    });
    // stays in processing: the server's converter (a pass every minute) must not take it during the run
    expect(await acquireLease(db, claimName(ids.driverVideo), 'e2e-cameras', 3_600_000)).toBe(true);
    ids.roadVideo = await saveCameraMedia(db, {
      deviceId,
      type: 'V',
      camera: 'F',
      time: base + 2 * MINUTE,
      trigger: 2,
      content: media.mp4,
      duration: 4,
      ...place,
    });
    ids.driverPhoto = await saveCameraMedia(db, {
      deviceId,
      type: 'P',
      camera: 'R',
      time: base + 3 * MINUTE,
      trigger: 0,
      content: media.jpeg,
      latitude: -8.84,
      longitude: 13.24,
    });
    ids.roadPhoto = await saveCameraMedia(db, {
      deviceId,
      type: 'P',
      camera: 'F',
      time: base + 4 * MINUTE,
      trigger: 8,
      content: media.jpeg,
      ...place,
    });
  }, 120_000);

  afterEach(async () => (t = await closePage(t)));
  afterAll(async () => {
    await db?.close();
    await browser?.close();
  });

  it('lists the camera vehicles with their latest driver and road images, and views one full screen', async () => {
    t = await sessionOnly(browser, fleet.email, fleet.password);
    const { page } = t;
    await offline(page);
    await page.goto('/settings/cameras');
    await vehicleRow(page, fleet.devices.van.id).waitFor();
    // Only the vehicles with a camera: the plain car is not listed.
    const listed = await page
      .getByTestId('camera-vehicle-row')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-device-id'))));
    expect(listed.sort((a, b) => a - b)).toEqual(
      [fleet.devices.van.id, fleet.devices.truck.id].sort((a, b) => a - b),
    );
    const van = vehicleRow(page, fleet.devices.van.id);
    expect(await van.locator('[data-field="license_plate"]').textContent()).toBe('LD-21-04-CM');
    const truck = vehicleRow(page, fleet.devices.truck.id);
    expect(await truck.getByTestId('camera-no-image').count()).toBe(2);
    expect(await truck.getByTestId('camera-no-image').first().textContent()).toBe('Sem imagem');
    // The latest road image is the newest F media, the latest driver image the newest R media.
    const road = van.getByTestId('camera-latest-road');
    const roadImage = road.locator('img');
    await page.waitForFunction(
      (id) =>
        [...document.querySelectorAll<HTMLImageElement>(`[data-device-id="${id}"] img`)].every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      fleet.devices.van.id,
    );
    expect(await roadImage.getAttribute('src')).toBe(`/report/api.php/media/${ids.roadPhoto}`);
    expect(await van.getByTestId('camera-latest-driver').locator('img').getAttribute('src')).toBe(
      `/report/api.php/media/${ids.driverPhoto}`,
    );
    // every column fits a desktop: nothing overruns the grid, so no shade says more lies beyond
    const body = page.locator('.MuiDataGrid-virtualScroller');
    // (a few pixels of the grid's own padding may overrun: the shade allows 8)
    expect(await body.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(8);
    expect(await page.getByTestId('scroll-edge-right').count()).toBe(0);
    await screenshot(page, 'cameras-list');

    await road.click();
    const viewer = page.getByTestId('camera-viewer');
    await viewer.waitFor();
    const image = viewer.getByTestId('camera-viewer-image');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="camera-viewer-image"]');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      640, 480,
    ]);
    const download = viewer.getByTestId('camera-viewer-download');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect((await downloadBytes(file)).equals(jpeg)).toBe(true);
    await screenshot(page, 'cameras-viewer');
    await viewer.getByTestId('camera-viewer-back').click();
    await viewer.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await screenshot(page, 'cameras-list-phone');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  it("lists a vehicle's media newest first, plays a video with seeking, and removes one after confirming", async () => {
    t = await sessionOnly(browser, fleet.email, fleet.password);
    const { page } = t;
    await offline(page);
    await page.goto(`/settings/camera_images/${fleet.devices.van.id}`);
    await page.getByTestId('camera-media-row').first().waitFor();
    // Today only: the photo of three days ago waits for a wider range.
    expect(await mediaIds(page)).toEqual([ids.roadPhoto, ids.driverPhoto, ids.roadVideo, ids.driverVideo]);
    expect(await page.getByTestId('camera-media-count').textContent()).toContain('4');
    const types = await page
      .getByTestId('camera-media-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')));
    expect(types).toEqual(['P', 'P', 'V', 'V']);
    expect(await cell(page, ids.roadPhoto, 'camera').textContent()).toBe('Estrada');
    expect(await cell(page, ids.driverPhoto, 'camera').textContent()).toBe('Condutor');
    expect(await cell(page, ids.roadPhoto, 'trigger').textContent()).toBe('Colisão');
    expect(await cell(page, ids.driverPhoto, 'trigger').textContent()).toBe('Pedido do servidor');
    expect(await cell(page, ids.roadVideo, 'trigger').textContent()).toBe('DIN1');
    const link = cell(page, ids.roadPhoto, 'address').getByTestId('camera-media-location');
    expect(await link.textContent()).toBe(`Rua da Missão ${tag}, Luanda`);
    expect(await link.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=-8.838300,13.234400',
    );
    expect(await cell(page, ids.driverPhoto, 'address').textContent()).toBe('-8.840000, 13.240000');
    // The driver video still waits for its MP4.
    await cell(page, ids.driverVideo, 'type').getByTestId('camera-media-processing').waitFor();
    expect(await cell(page, ids.driverVideo, 'type').textContent()).toBe('A processar');
    await screenshot(page, 'camera-images');

    // Searchable by address.
    await page.getByTestId('camera-media-search').fill('Missão');
    await untilDom(page, async () => expect(await mediaIds(page)).toEqual([ids.roadPhoto, ids.roadVideo]));
    await page.getByTestId('camera-media-search').fill('');
    await untilDom(page, async () => expect(await mediaIds(page)).toHaveLength(4));

    // The video plays in the browser's player and seeks through range requests.
    const ranges: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`/media/${ids.roadVideo}`)) ranges.push(response.status());
    });
    await cell(page, ids.roadVideo, 'type').getByTestId('camera-media-video').click();
    const video = page.getByTestId('camera-viewer-video');
    await video.waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="camera-viewer-video"]');
      return !!v && v.readyState >= 1 && v.duration > 3;
    });
    const seeked = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.pause();
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
          v.currentTime = 2.5;
        }),
    );
    expect(seeked).toBeCloseTo(2.5, 0);
    expect(ranges).toContain(206);
    await page.getByTestId('camera-viewer-back').click();
    await page.getByTestId('camera-viewer').waitFor({ state: 'detached' });

    // No add or edit; removal asks first.
    expect(await page.getByTestId('camera-media-add').count()).toBe(0);
    expect(await page.getByTestId('list-edit').count()).toBe(0);
    const row = page.locator(`[data-testid="camera-media-row"][data-id="${ids.driverPhoto}"]`);
    await row.getByTestId('list-remove').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Remover imagem?');
    await screenshot(page, 'camera-images-remove');
    await page.getByTestId('confirm-ok').click();
    await row.waitFor({ state: 'detached' });
    expect(await mediaIds(page)).toEqual([ids.roadPhoto, ids.roadVideo, ids.driverVideo]);
    expect((await page.request.get(`/report/api.php/media/${ids.driverPhoto}`)).status()).toBe(404);

    // A wider range brings the older photo (days in the user's timezone).
    await typeDate(page, 'events-from', luandaDay(oldTime).split('-').reverse().join('/'));
    await untilDom(page, async () =>
      expect(await mediaIds(page)).toEqual([ids.roadPhoto, ids.roadVideo, ids.driverVideo, ids.oldPhoto]),
    );
    expect(await cell(page, ids.oldPhoto, 'trigger').textContent()).toBe('Zona');

    // Removed elsewhere (another session): the open list hears it from the live socket and drops the row.
    await fleet.api.call('DELETE', `/report/api.php/media/${ids.oldPhoto}`);
    await untilDom(
      page,
      async () => expect(await mediaIds(page)).toEqual([ids.roadPhoto, ids.roadVideo, ids.driverVideo]),
      5_000,
    );

    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await screenshot(page, 'camera-images-phone');
  });

  it('opens the camera dialog from the map popup: latest media, camera state, take photo and video', async () => {
    t = await sessionAs(browser, fleet.email, fleet.password);
    const { page } = t;
    await offline(page);
    const van = fleet.devices.van;
    await page.locator(`[data-testid="vehicle-row"][data-device-id="${van.id}"]`).click();
    await page.getByTestId('popup-options').click();
    await page.getByTestId('popup-option-cameras').click();
    const dialog = page.getByTestId('camera-dialog');
    await dialog.waitFor();
    await untilDom(page, async () =>
      expect(await dialog.getByTestId('camera-dialog-road').getAttribute('data-media-id')).toBe(
        String(ids.roadPhoto),
      ),
    );
    // The driver photo was removed above: the latest driver media is the video still processing.
    expect(await dialog.getByTestId('camera-dialog-driver').getAttribute('data-media-id')).toBe(
      String(ids.driverVideo),
    );
    await dialog.getByTestId('camera-media-processing').waitFor();
    const status = dialog.getByTestId('camera-status');
    expect(await status.textContent()).toBe('Estrada: SD Card OKCondutor: No SD Card');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="camera-dialog-road-media"] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    // the video start picker loads with its own chunk
    await page.getByTestId('camera-video-start').locator('input').waitFor();
    await screenshot(page, 'camera-dialog');

    // Take photo: both cameras by default, and the success toast.
    const [photo] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/report/api.php/camera') && r.method() === 'POST'),
      dialog.getByTestId('camera-take-photo').click(),
    ]);
    expect(photo.postDataJSON()).toEqual({ deviceId: van.id, type: 'photo', camera: 3 });
    await page.getByText('Comando enviado com sucesso').waitFor();

    // The dialog reads the media again every 15 s: a photo stored meanwhile shows without reopening.
    const fresh = await saveCameraMedia(db, {
      deviceId: van.id,
      type: 'P',
      camera: 'F',
      time: base + 5 * MINUTE,
      content: jpeg,
    });
    await untilDom(
      page,
      async () =>
        expect(await dialog.getByTestId('camera-dialog-road').getAttribute('data-media-id')).toBe(
          String(fresh),
        ),
      20_000,
    );

    // Take video: the road camera, the start chosen, the length clamped to 10 s.
    await dialog.getByTestId('camera-which').locator('..').click();
    await page.getByRole('option', { name: 'Estrada' }).click();
    await typeDateTime(page, 'camera-video-start', '25/11/2026 10:15:00');
    expect(await dialog.getByTestId('camera-video-start').locator('input').inputValue()).toBe(
      '25/11/2026 10:15:00',
    );
    await dialog.getByTestId('camera-video-duration').fill('30');
    const [video] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/report/api.php/camera') && r.method() === 'POST'),
      dialog.getByTestId('camera-take-video').click(),
    ]);
    expect(video.postDataJSON()).toEqual({
      deviceId: van.id,
      type: 'video',
      camera: 1,
      // 10:15 in Luanda is 09:15 UTC.
      videoDateTime: Date.UTC(2026, 10, 25, 9, 15) / 1000,
      videoDuration: 10,
    });
    expect(await dialog.getByTestId('camera-video-duration').inputValue()).toBe('10');

    // A refused command: the failure toast.
    await page.route('**/report/api.php/camera', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Erro ao enviar comando' }),
    );
    await dialog.getByTestId('camera-take-photo').click();
    await page.getByText('Erro ao enviar comando').waitFor();
    await page.unroute('**/report/api.php/camera');
    // Toasts last 3 s.
    await untilDom(
      page,
      async () => expect(await page.locator('#notistack-snackbar').count()).toBe(0),
      10_000,
    );

    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await screenshot(page, 'camera-dialog-phone');

    // The image list goes to the vehicle's media.
    await dialog.getByTestId('camera-image-list').click();
    await page.waitForURL((url) => url.pathname === `/settings/camera_images/${van.id}`);
    await page.getByTestId('camera-media-row').first().waitFor();
  });

  it('shows nothing to a user who does not see the vehicle', async () => {
    t = await sessionOnly(browser, outsider.email, outsider.password);
    const { page } = t;
    await offline(page);
    await page.goto('/settings/cameras');
    await page.locator('.MuiDataGrid-overlay').getByText('Sem dados').waitFor();
    expect(await page.getByTestId('camera-vehicle-row').count()).toBe(0);
    await page.goto(`/settings/camera_images/${fleet.devices.van.id}`);
    await page.locator('.MuiDataGrid-overlay').getByText('Sem dados').waitFor();
    expect(await page.getByTestId('camera-media-row').count()).toBe(0);
    for (const path of [
      `/report/api.php/media/${ids.roadPhoto}`,
      `/report/api.php/cameras/${fleet.devices.van.id}`,
    ])
      expect((await page.request.get(path)).status(), path).toBe(404);
  });
});
