import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ar from './i18n/ar.json';
import en from './i18n/en.json';
import es from './i18n/es.json';
import fr from './i18n/fr.json';
import pt from './i18n/pt.json';
import {
  POI_ICONS,
  STATUS_COLORS,
  VEHICLE_3D_COUNT,
  VEHICLE_CATEGORIES,
  VEHICLE_CATEGORIES_2D,
  VEHICLE_CATEGORIES_3D_STATIC,
  categoryLabel,
  categoryLabelKey,
  categoryLabelParams,
  isRotatingCategory,
  poiIconAnchor,
  poiIconUrl,
  poiLabelKey,
  vehicleIconSize,
  vehicleIconUrl,
} from './index';

// jsdom gives modules an http URL, so the images are found from the working directory (root or web/).
const publicDir = [join(process.cwd(), 'web', 'public'), join(process.cwd(), 'public')].find((dir) =>
  existsSync(join(dir, 'images')),
)!;
const fileOf = (url: string) => join(publicDir, url.replace(/^\//, ''));
const read = (url: string) => readFileSync(fileOf(url), 'utf8');

const svgFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? svgFiles(path) : name.endsWith('.svg') ? [path] : [];
  });

/** Parses as SVG with jsdom's DOMParser and returns the root element (fails on malformed XML). */
function parseSvg(text: string, where: string): Element {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror'), where).toHaveLength(0);
  expect(doc.documentElement.tagName, where).toBe('svg');
  expect(doc.documentElement.getAttribute('xmlns'), where).toBe('http://www.w3.org/2000/svg');
  return doc.documentElement;
}

const every3d = Array.from({ length: VEHICLE_3D_COUNT }, (_, i) => `3d_vehicle_${i + 1}`);

describe('vehicleIconUrl', () => {
  it('sends 2D names to their 2D image and unknown, empty or missing categories to car', () => {
    expect(vehicleIconUrl('truck')).toBe('/images/vehicles/2d/truck.svg');
    expect(vehicleIconUrl('sedan')).toBe('/images/vehicles/2d/sedan.svg');
    expect(vehicleIconUrl(' Boat ')).toBe('/images/vehicles/2d/boat.svg');
    for (const nothing of ['helicopter', '', null, undefined]) {
      expect(vehicleIconUrl(nothing)).toBe('/images/vehicles/2d/car.svg');
    }
    expect(vehicleIconUrl('motorcycle')).toBe('/images/vehicles/2d/bike.svg');
  });

  it('sends 3d_static_x to the 3D static image, unknown names to the static car', () => {
    expect(vehicleIconUrl('3d_static_bus')).toBe('/images/vehicles/3d_static/bus.svg');
    expect(vehicleIconUrl('3d_static_bus', 'red')).toBe('/images/vehicles/3d_static/bus.svg');
    expect(vehicleIconUrl('3d_static_zeppelin')).toBe('/images/vehicles/3d_static/car.svg');
  });

  it('sends 3d_vehicle_N to the image of the status colour, gray by default', () => {
    expect(vehicleIconUrl('3d_vehicle_7')).toBe('/images/vehicles/3d/7/gray.svg');
    expect(vehicleIconUrl('3d_vehicle_34', 'yellow')).toBe('/images/vehicles/3d/34/yellow.svg');
    expect(vehicleIconUrl('3d_vehicle_1', 'blue' as never)).toBe('/images/vehicles/3d/1/gray.svg');
    expect(vehicleIconUrl('3d_vehicle_0')).toBe('/images/vehicles/2d/car.svg');
    expect(vehicleIconUrl('3d_vehicle_35')).toBe('/images/vehicles/2d/car.svg');
  });

  it('tells which images turn with the course and their frame size', () => {
    expect(isRotatingCategory('car')).toBe(true);
    expect(isRotatingCategory('3d_vehicle_3')).toBe(true);
    expect(isRotatingCategory('3d_static_car')).toBe(false);
    expect(vehicleIconSize('car')).toBe(128);
    expect(vehicleIconSize('3d_vehicle_3')).toBe(128);
    expect(vehicleIconSize('3d_static_car')).toBe(100);
  });

  it('lists every category once, with the 34 numbered 3D vehicles', () => {
    expect(new Set(VEHICLE_CATEGORIES).size).toBe(VEHICLE_CATEGORIES.length);
    expect(VEHICLE_CATEGORIES).toEqual([
      ...VEHICLE_CATEGORIES_2D,
      ...VEHICLE_CATEGORIES_3D_STATIC,
      ...every3d,
    ]);
    expect(VEHICLE_CATEGORIES_2D).toEqual(
      expect.arrayContaining(['car', 'sedan', 'jeep', 'truck', 'bike', 'boat']),
    );
    expect(STATUS_COLORS).toEqual(['gray', 'green', 'red', 'yellow']);
  });
});

describe('icon files', () => {
  it('has a well-formed 128x128 2D image under 3 KB for every 2D category, and no other', () => {
    for (const category of VEHICLE_CATEGORIES_2D) {
      const url = vehicleIconUrl(category);
      expect(url).toBe(`/images/vehicles/2d/${category}.svg`);
      const text = read(url);
      expect(parseSvg(text, category).getAttribute('viewBox')).toBe('0 0 128 128');
      expect(Buffer.byteLength(text), category).toBeLessThan(3000);
    }
    const files = readdirSync(join(publicDir, 'images/vehicles/2d')).map((f) => f.replace('.svg', ''));
    expect(files.sort()).toEqual([...VEHICLE_CATEGORIES_2D].sort());
  });

  it('has a well-formed 100x100 image for every 3D static category', () => {
    expect(VEHICLE_CATEGORIES_3D_STATIC).toEqual(
      expect.arrayContaining(
        ['car', 'truck', 'van', 'bus', 'jeep', 'bike', 'boat', 'tractor'].map((n) => `3d_static_${n}`),
      ),
    );
    for (const category of VEHICLE_CATEGORIES_3D_STATIC) {
      const url = vehicleIconUrl(category);
      expect(url).toBe(`/images/vehicles/3d_static/${category.slice('3d_static_'.length)}.svg`);
      expect(parseSvg(read(url), category).getAttribute('viewBox')).toBe('0 0 100 100');
    }
  });

  it('has 34 distinct 3D vehicles, each a well-formed 128x128 image in all four colours', () => {
    const shapes = new Set<string>();
    for (const category of every3d) {
      const texts = STATUS_COLORS.map((color) => read(vehicleIconUrl(category, color)));
      texts.forEach((text, i) => {
        expect(parseSvg(text, `${category}/${STATUS_COLORS[i]}`).getAttribute('viewBox')).toBe('0 0 128 128');
      });
      expect(new Set(texts).size, category).toBe(4);
      shapes.add(texts[0].replace(/<defs>.*<\/defs>/, ''));
    }
    expect(shapes.size).toBe(VEHICLE_3D_COUNT);
    expect(readdirSync(join(publicDir, 'images/vehicles/3d'))).toHaveLength(VEHICLE_3D_COUNT);
  });

  it('has a well-formed 48x48 image for every zone icon and blue-dot', () => {
    expect(POI_ICONS).toHaveLength(19);
    for (const icon of [...POI_ICONS, 'blue-dot']) {
      const url = poiIconUrl(icon);
      expect(url).toBe(`/images/pois/${icon}.svg`);
      expect(parseSvg(read(url), icon).getAttribute('viewBox')).toBe('0 0 48 48');
    }
  });

  it('keeps every image under images/ well formed', () => {
    const all = svgFiles(join(publicDir, 'images'));
    expect(all.length).toBe(16 + VEHICLE_CATEGORIES_3D_STATIC.length + VEHICLE_3D_COUNT * 4 + 20);
    for (const path of all) parseSvg(readFileSync(path, 'utf8'), path);
  });
});

describe('zone icons', () => {
  it('defaults to blue-dot and anchors pins at their tip', () => {
    for (const nothing of ['', 'unknown', null, undefined])
      expect(poiIconUrl(nothing)).toBe('/images/pois/blue-dot.svg');
    expect(poiIconUrl()).toBe('/images/pois/blue-dot.svg');
    expect(poiIconUrl('hospital')).toBe('/images/pois/hospital.svg');
    expect(poiIconAnchor('hospital')).toBe('bottom');
    expect(poiIconAnchor(undefined)).toBe('center');
  });
});

describe('icon names', () => {
  const tables = { pt, en, es, fr, ar };
  const lookup = (table: typeof pt, key: string): unknown =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], table);

  it('names every category and zone icon in all five languages', () => {
    for (const [language, table] of Object.entries(tables)) {
      for (const category of VEHICLE_CATEGORIES) {
        const text = lookup(table, categoryLabelKey(category));
        expect(typeof text, `${language}:${category}`).toBe('string');
      }
      for (const icon of [...POI_ICONS, 'blue-dot']) {
        expect(typeof lookup(table, poiLabelKey(icon)), `${language}:${icon}`).toBe('string');
      }
      expect(lookup(table, 'icons.vehicle3d'), language).toContain('{{n}}');
    }
    expect(pt.icons.car).toBe('Ligeiro');
  });

  it('builds the name with the number of a 3D vehicle', () => {
    expect(categoryLabelKey('car')).toBe('icons.car');
    expect(categoryLabelKey('unknown')).toBe('icons.car');
    expect(categoryLabelKey('3d_static_bus')).toBe('icons.static.bus');
    expect(categoryLabelKey('3d_vehicle_12')).toBe('icons.vehicle3d');
    expect(categoryLabelParams('3d_vehicle_12')).toEqual({ n: 12 });
    const t = (key: string, params?: Record<string, number>) =>
      String(lookup(pt, key)).replace('{{n}}', String(params?.n ?? ''));
    expect(categoryLabel(t, '3d_vehicle_12')).toBe('Veículo 3D 12');
    expect(categoryLabel(t, 'truck')).toBe('Pesado');
  });
});
