/** Shared helpers of the icon scripts: where the images go and how an SVG file is written. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** web/public/images, found from this script's own place (web/src/icons/scripts). */
export const IMAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'public', 'images');

/** Collapses the indentation of a template so the files stay small. */
const compact = (body) =>
  body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('');

/** Writes images/{relative} as a square SVG of the given size and returns its byte length. */
export function writeSvg(relative, size, body, defs = '') {
  const path = join(IMAGES_DIR, relative);
  mkdirSync(dirname(path), { recursive: true });
  const text =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">` +
    (defs ? `<defs>${compact(defs)}</defs>` : '') +
    `${compact(body)}</svg>\n`;
  writeFileSync(path, text);
  return Buffer.byteLength(text);
}

/** Rounds to two decimals for compact coordinates. */
export const r2 = (n) => Math.round(n * 100) / 100;
