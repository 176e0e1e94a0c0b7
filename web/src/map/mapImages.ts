import type { Map as MapLibreMap } from 'maplibre-gl';
import type { StatusColor } from '@frota/core';
import { poiIconUrl, vehicleIconAddress, vehicleIconKind } from './iconModule';
import { trimmedAroundCentre, type Pixels } from './iconTrim';
import { VEHICLE_ICON_PREFIX } from './vehicleFeatures';
import { ZONE_ICON_PREFIX } from './zoneFeatures';

/**
 * Style images made on demand (map.setMissingStyleImageResolver): vehicle icons by category and status
 * colour from the drawn set of web/src/icons (a plain arrow if one cannot be drawn) and zone icons.
 */
const PIXEL_RATIO = 2;
/** Vehicle icons: 48 CSS pixels at icon scale 1. */
const VEHICLE_SIZE = 48 * PIXEL_RATIO;
const ZONE_SIZE = 28 * PIXEL_RATIO;

export const STATUS_FILL: Record<StatusColor, string> = {
  green: '#2e7d32',
  yellow: '#f9a825',
  red: '#c62828',
  gray: '#757575',
};

function canvas(width: number, height: number): CanvasRenderingContext2D | null {
  const element = document.createElement('canvas');
  element.width = width;
  element.height = height;
  return element.getContext('2d');
}

/** The fallback vehicle shape: a disc in the status colour with an arrow pointing north. */
function drawArrow(color: StatusColor): ImageData | null {
  const size = VEHICLE_SIZE;
  const ctx = canvas(size, size);
  if (!ctx) return null;
  const c = size / 2;
  ctx.beginPath();
  ctx.arc(c, c, size * 0.3, 0, Math.PI * 2);
  ctx.fillStyle = STATUS_FILL[color];
  ctx.fill();
  ctx.lineWidth = size * 0.04;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(c, size * 0.06);
  ctx.lineTo(c + size * 0.16, size * 0.3);
  ctx.lineTo(c - size * 0.16, size * 0.3);
  ctx.closePath();
  ctx.fillStyle = STATUS_FILL[color];
  ctx.fill();
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(c, c - size * 0.14);
  ctx.lineTo(c + size * 0.1, c + size * 0.1);
  ctx.lineTo(c, c + size * 0.04);
  ctx.lineTo(c - size * 0.1, c + size * 0.1);
  ctx.closePath();
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  return ctx.getImageData(0, 0, size, size);
}

function drawDot(fill: string, size: number): ImageData | null {
  const ctx = canvas(size, size);
  if (!ctx) return null;
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, size * 0.32, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = size * 0.1;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  return ctx.getImageData(0, 0, size, size);
}

async function rasterize(url: string, size: number): Promise<ImageData | null> {
  const image = new Image(size, size);
  image.src = url;
  await image.decode();
  const ctx = canvas(size, size);
  if (!ctx) return null;
  ctx.drawImage(image, 0, 0, size, size);
  return ctx.getImageData(0, 0, size, size);
}

/** A 2D icon with its white body painted in the status colour. */
async function tinted(url: string, color: StatusColor): Promise<ImageData | null> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const svg = (await response.text()).replace(/fill="#fff(fff)?"/gi, `fill="${STATUS_FILL[color]}"`);
  return rasterize(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, VEHICLE_SIZE);
}

/** A fixed 3D picture over a ring in the status colour. */
async function ringed(url: string, color: StatusColor): Promise<ImageData | null> {
  const icon = await rasterize(url, Math.round(VEHICLE_SIZE * 0.78));
  const ctx = canvas(VEHICLE_SIZE, VEHICLE_SIZE);
  if (!ctx || !icon) return null;
  const c = VEHICLE_SIZE / 2;
  ctx.beginPath();
  ctx.arc(c, c, VEHICLE_SIZE * 0.46, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fill();
  ctx.lineWidth = VEHICLE_SIZE * 0.07;
  ctx.strokeStyle = STATUS_FILL[color];
  ctx.stroke();
  const offset = Math.round((VEHICLE_SIZE - icon.width) / 2);
  const layer = canvas(icon.width, icon.height);
  if (!layer) return null;
  layer.putImageData(icon, 0, 0);
  ctx.drawImage(layer.canvas, offset, offset);
  return ctx.getImageData(0, 0, VEHICLE_SIZE, VEHICLE_SIZE);
}

const isStatusColor = (value: string): value is StatusColor =>
  value === 'green' || value === 'yellow' || value === 'red' || value === 'gray';

async function vehicleImage(id: string): Promise<ImageData | null> {
  const rest = id.slice(VEHICLE_ICON_PREFIX.length);
  const cut = rest.lastIndexOf(':');
  const category = rest.slice(0, cut);
  const color = rest.slice(cut + 1);
  if (!isStatusColor(color)) return null;
  try {
    const url = vehicleIconAddress(category, color);
    const kind = vehicleIconKind(category);
    if (kind === '2d') return await tinted(url, color);
    if (kind === 'static') return await ringed(url, color);
    return await rasterize(url, VEHICLE_SIZE);
  } catch {
    // An icon that cannot be drawn falls back to the arrow.
    return drawArrow(color);
  }
}

async function zoneImage(id: string): Promise<ImageData | null> {
  try {
    return await rasterize(poiIconUrl(id.slice(ZONE_ICON_PREFIX.length)), ZONE_SIZE);
  } catch {
    return drawDot('#1e88e5', ZONE_SIZE);
  }
}

/** Answers every image id the map layers use; unknown ids stay missing. */
export function installImageResolver(map: MapLibreMap): void {
  map.setMissingStyleImageResolver(async (id) => {
    let image: Pixels | null = null;
    if (id.startsWith(VEHICLE_ICON_PREFIX)) {
      const drawn = await vehicleImage(id);
      // drawn centred and rotated about the centre: the margins around the vehicle cost frames, not looks
      image = drawn && trimmedAroundCentre(drawn);
    } else if (id.startsWith(ZONE_ICON_PREFIX)) image = await zoneImage(id);
    if (image && !map.hasImage(id)) map.addImage(id, image, { pixelRatio: PIXEL_RATIO });
  });
}
