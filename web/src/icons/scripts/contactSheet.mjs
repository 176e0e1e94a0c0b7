/**
 * Renders every icon at 32 px and 64 px on a light map-like background and screenshots it with the
 * system Chromium: `node web/src/icons/scripts/contactSheet.mjs [2d|static|3d|pois]`.
 * Writes /tmp/icons-contact-sheet.html and .png (or /tmp/icons-sheet-{section}.png for one section).
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { IMAGES_DIR } from './svgFile.mjs';

/** SHEET_FILTER (a regular expression on the file path) narrows the sheet while looking closely. */
const FILTER = new RegExp(process.env.SHEET_FILTER ?? '');

const svgs = (dir) =>
  readdirSync(dir)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return svgs(path);
      return name.endsWith('.svg') && FILTER.test(path) ? [path] : [];
    });

const cell = (path, rotate) => {
  const url = pathToFileURL(path).href;
  const label = relative(IMAGES_DIR, path)
    .replace(/^vehicles\//, '')
    .replace(/\.svg$/, '');
  const turn = rotate ? ` style="transform:rotate(${rotate}deg)"` : '';
  return `<figure><div><img src="${url}" width="32" height="32"${turn}><img src="${url}" width="64" height="64"${turn}></div><figcaption>${label}</figcaption></figure>`;
};

const SECTIONS = {
  '2d': [
    '2D (north, then rotated 45°)',
    () => [...svgs(join(IMAGES_DIR, 'vehicles/2d'))].flatMap((p) => [cell(p), cell(p, 45)]),
  ],
  static: ['3D static', () => svgs(join(IMAGES_DIR, 'vehicles/3d_static')).map((p) => cell(p))],
  '3d': [
    '3D vehicles (gray, green, red, yellow)',
    () => svgs(join(IMAGES_DIR, 'vehicles/3d')).map((p) => cell(p)),
  ],
  pois: ['Points of interest', () => svgs(join(IMAGES_DIR, 'pois')).map((p) => cell(p))],
};

const only = process.argv[2];
const chosen = only ? { [only]: SECTIONS[only] } : SECTIONS;
const body = Object.entries(chosen)
  .map(([, [title, cells]]) => `<h2>${title}</h2><section>${cells().join('')}</section>`)
  .join('');
const html = `<!doctype html><meta charset="utf-8"><style>
body{margin:0;padding:12px;font:11px sans-serif;color:#333;background:#f2efe9;
background-image:linear-gradient(90deg,transparent 46%,#fff 46%,#fff 50%,transparent 50%),linear-gradient(0deg,transparent 70%,#fcd6a4 70%,#fcd6a4 73%,transparent 73%),linear-gradient(#e4efd6,#e4efd6);
background-size:230px 190px,310px 270px,100% 100%}
h2{margin:8px 0 4px;font-size:14px}section{display:flex;flex-wrap:wrap;gap:6px}
figure{margin:0;padding:4px;border:1px dashed #bbb;text-align:center}
figure div{display:flex;align-items:center;gap:6px}figcaption{max-width:104px;overflow:hidden}
</style>${body}`;
const htmlPath = '/tmp/icons-contact-sheet.html';
writeFileSync(htmlPath, html);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--allow-file-access-from-files',
  ],
});
try {
  const width = Number(process.env.SHEET_WIDTH) || (only === '3d' ? 1500 : 1100);
  const page = await browser.newPage({
    viewport: { width, height: 400 },
    deviceScaleFactor: Number(process.env.SHEET_ZOOM) || 1,
  });
  await page.goto(pathToFileURL(htmlPath).href);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  const broken = await page.evaluate(() =>
    [...document.images].filter((img) => !img.naturalWidth).map((img) => img.src),
  );
  if (broken.length) console.error('broken images:', broken);
  const png = only ? `/tmp/icons-sheet-${only}.png` : '/tmp/icons-contact-sheet.png';
  await page.screenshot({ path: png, fullPage: true });
  console.log(png);
} finally {
  await browser.close();
}
