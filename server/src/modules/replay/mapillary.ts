/**
 * Street photos near a position (contract item 2): Mapillary's Graph API `images` in a small box around
 * the point, nearest first. Without a token nothing is asked and the list is empty (the web then hides
 * the button); a slow or failing Mapillary answers an empty list too, never an error to the replay.
 */
import { haversineDistance } from '@frota/core';
import type { FastifyBaseLogger } from 'fastify';

/** Half the side of the box searched, metres. */
export const SEARCH_RADIUS_M = 100;
export const MAX_PHOTOS = 20;
export const MAPILLARY_TIMEOUT_MS = 4000;
const METRES_PER_DEGREE = 111_320;

export interface StreetPhoto {
  id: string;
  thumb_256_url: string;
  /** metres from the position */
  distance: number;
}

export interface MapillaryOptions {
  token?: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: FastifyBaseLogger;
}

/** The box (minLon, minLat, maxLon, maxLat) of SEARCH_RADIUS_M around a point. */
export function boxAround(lat: number, lon: number, radius = SEARCH_RADIUS_M): number[] {
  const dLat = radius / METRES_PER_DEGREE;
  const dLon = radius / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat].map((v) => Number(v.toFixed(6)));
}

interface MapillaryImage {
  id?: unknown;
  thumb_256_url?: unknown;
  computed_geometry?: { coordinates?: unknown };
}

export async function streetPhotos(o: MapillaryOptions, lat: number, lon: number): Promise<StreetPhoto[]> {
  if (!o.token) return [];
  const url = new URL(`${o.baseUrl}/images`);
  url.searchParams.set('access_token', o.token);
  url.searchParams.set('fields', 'id,thumb_256_url,computed_geometry');
  url.searchParams.set('bbox', boxAround(lat, lon).join(','));
  url.searchParams.set('limit', String(MAX_PHOTOS));
  let images: MapillaryImage[];
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(o.timeoutMs ?? MAPILLARY_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`Mapillary answered ${res.status}`);
    const body = (await res.json()) as { data?: unknown };
    images = Array.isArray(body.data) ? (body.data as MapillaryImage[]) : [];
  } catch (err) {
    o.log?.warn({ err: (err as Error).message }, 'street photo lookup failed');
    return [];
  }
  const photos: StreetPhoto[] = [];
  for (const image of images) {
    const coords = image.computed_geometry?.coordinates;
    if (!Array.isArray(coords) || typeof image.thumb_256_url !== 'string' || image.id == null) continue;
    const [plon, plat] = coords.map(Number);
    if (!Number.isFinite(plat) || !Number.isFinite(plon)) continue;
    const distance = haversineDistance(
      { latitude: lat, longitude: lon },
      { latitude: plat, longitude: plon },
    );
    photos.push({
      id: String(image.id),
      thumb_256_url: image.thumb_256_url,
      distance: Math.round(distance * 10) / 10,
    });
  }
  return photos.sort((a, b) => a.distance - b.distance);
}
