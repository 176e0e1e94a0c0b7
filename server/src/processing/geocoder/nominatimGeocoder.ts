/**
 * Addresses from a Nominatim-compatible server (FROTA_GEOCODER_URL): "road house_number, suburb, city".
 * Any failure (network, timeout, HTTP status, bad JSON) answers from the offline geocoder instead, and
 * suspends remote requests for a while so a dead server does not cost every lookup its timeout.
 */
import { isValidCoordinate } from './format';
import { maxspeedKnots } from './maxspeed';
import type { OfflineGeocoder } from './offlineGeocoder';
import type { GeocoderLog } from './types';

export const DEFAULT_TIMEOUT_MS = 2000;
export const DEFAULT_RETRY_AFTER_MS = 30_000;
export const DEFAULT_USER_AGENT = 'Frota fleet tracking server (reverse geocoding of vehicle positions)';

export interface NominatimRequestOptions {
  /** base URL, e.g. https://nominatim.example.org (a path prefix is kept) */
  url: string;
  timeoutMs?: number;
  userAgent?: string;
  language?: string;
}

export interface NominatimGeocoderOptions extends NominatimRequestOptions {
  offline: OfflineGeocoder;
  /** after a failure, remote requests are skipped (offline answers) for this long */
  retryAfterMs?: number;
  log?: GeocoderLog;
  now?: () => number;
}

export interface NominatimAnswer {
  address: string | null;
  /** the road's posted limit in knots (OSM maxspeed), when the server knows it */
  roadLimit?: number;
  /** 'nominatim' when the server built the address; 'offline' when it had none, or failed */
  source: 'nominatim' | 'offline';
  /** true when the server was not asked or did not answer: the answer should not be cached */
  fallback: boolean;
}

export interface NominatimGeocoder {
  lookup(lat: number, lon: number): Promise<NominatimAnswer>;
  /** true while remote requests are suspended after a failure */
  suspended(): boolean;
}

export function reverseUrl(options: NominatimRequestOptions, lat: number, lon: number): string {
  const base = options.url.replace(/\/+$/, '');
  const query = new URLSearchParams({
    format: 'jsonv2',
    lat: String(lat),
    lon: String(lon),
    'accept-language': options.language ?? 'pt',
    // the way's tags carry its maxspeed (the road speed limit of the speeding report)
    extratags: '1',
  });
  return `${base}/reverse?${query.toString()}`;
}

export interface NominatimPlace {
  address: string | null;
  roadLimit?: number;
}

/** Asks the server; the address (null when it has none there) and the road's limit. Throws on any failure. */
export async function reverseNominatim(
  options: NominatimRequestOptions,
  lat: number,
  lon: number,
): Promise<NominatimPlace> {
  const response = await fetch(reverseUrl(options, lat, lon), {
    headers: { 'User-Agent': options.userAgent ?? DEFAULT_USER_AGENT, Accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`Nominatim answered HTTP ${response.status}`);
  }
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) throw new Error('Nominatim answer is not a JSON object');
  const { address, extratags } = body as { address?: unknown; extratags?: unknown };
  const roadLimit =
    typeof extratags === 'object' && extratags !== null
      ? maxspeedKnots((extratags as Record<string, unknown>).maxspeed)
      : undefined;
  // {"error": "Unable to geocode"} is an answer (nothing there), not a failure
  if (typeof address !== 'object' || address === null) return { address: null, roadLimit };
  return { address: formatNominatimAddress(address as Record<string, unknown>), roadLimit };
}

const STREET_KEYS = ['road', 'pedestrian', 'footway', 'path', 'square', 'cycleway'];
const SUBURB_KEYS = ['suburb', 'neighbourhood', 'quarter', 'city_district', 'residential', 'hamlet'];
const CITY_KEYS = ['city', 'town', 'village', 'municipality', 'county'];

function firstOf(address: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = address[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** "road house_number, suburb, city" from whichever parts the address has; null when it has none. */
export function formatNominatimAddress(address: Record<string, unknown>): string | null {
  const road = firstOf(address, STREET_KEYS);
  const number = firstOf(address, ['house_number']);
  const parts = [
    road && number ? `${road} ${number}` : road,
    firstOf(address, SUBURB_KEYS),
    firstOf(address, CITY_KEYS),
  ];
  const kept: string[] = [];
  for (const part of parts) if (part && !kept.includes(part)) kept.push(part);
  return kept.length > 0 ? kept.join(', ') : null;
}

export function createNominatimGeocoder(options: NominatimGeocoderOptions): NominatimGeocoder {
  const now = options.now ?? Date.now;
  const retryAfterMs = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  let suspendedUntil = 0;

  const offline = (lat: number, lon: number, fallback: boolean): NominatimAnswer => ({
    address: options.offline.lookup(lat, lon),
    source: 'offline',
    fallback,
  });

  return {
    suspended: () => now() < suspendedUntil,
    async lookup(lat, lon) {
      if (!isValidCoordinate(lat, lon)) return { address: null, source: 'offline', fallback: false };
      if (now() < suspendedUntil) return offline(lat, lon, true);
      try {
        const { address, roadLimit } = await reverseNominatim(options, lat, lon);
        return address === null
          ? { ...offline(lat, lon, false), roadLimit }
          : { address, roadLimit, source: 'nominatim', fallback: false };
      } catch (err) {
        if (now() >= suspendedUntil) {
          options.log?.warn(
            { err, url: options.url, retryAfterMs },
            'reverse geocoding server failed; using offline addresses for a while',
          );
        }
        suspendedUntil = now() + retryAfterMs;
        return offline(lat, lon, true);
      }
    },
  };
}
