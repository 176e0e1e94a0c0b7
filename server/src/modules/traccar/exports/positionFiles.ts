/**
 * Positions as files, in the formats of Traccar's exports (KmlExportProvider, GpxExportProvider,
 * CsvExportProvider): a KML line of the track, a GPX track, and CSV rows with one column per attribute.
 */
import { create } from 'xmlbuilder2';
import type { Position } from '../../../db/rows';
import type { Zone } from '../../../track/timezone';
import { isBlankedPosition } from '@frota/core';
import { csvText } from '@frota/core/csv';

/** Java's `%f`: six decimals. */
const fixed6 = (v: number) => v.toFixed(6);
/** `yyyy-MM-dd HH:mm` in the user's timezone, as Traccar names the KML placemark. */
const minutes = (zone: Zone, ms: number) => zone.local(ms).slice(0, 16);

/** Positions whose place the user may see: a blanked (private) one has no place to draw. */
const placed = (positions: readonly Position[]) => positions.filter((p) => !isBlankedPosition(p));

export function positionsKml(
  deviceName: string,
  period: { from: number; to: number; zone: Zone },
  positions: readonly Position[],
): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' })
    .ele('kml', { xmlns: 'http://www.opengis.net/kml/2.2' })
    .ele('Document');
  doc.ele('name').txt(deviceName);
  const placemark = doc.ele('Placemark');
  placemark.ele('name').txt(`${minutes(period.zone, period.from)} - ${minutes(period.zone, period.to)}`);
  const line = placemark.ele('LineString');
  line.ele('extrude').txt('1');
  line.ele('tessellate').txt('1');
  line.ele('altitudeMode').txt('absolute');
  line.ele('coordinates').txt(
    placed(positions)
      .map((p) => `${fixed6(p.longitude)},${fixed6(p.latitude)},${fixed6(p.altitude)}`)
      .join(' '),
  );
  return doc.end({ prettyPrint: false });
}

export function positionsGpx(deviceName: string, positions: readonly Position[]): string {
  const gpx = create({ version: '1.0', encoding: 'UTF-8' }).ele('gpx', {
    xmlns: 'http://www.topografix.com/GPX/1/0',
    version: '1.0',
    creator: 'Frota',
  });
  const track = gpx.ele('trk');
  track.ele('name').txt(deviceName);
  const segment = track.ele('trkseg');
  for (const p of placed(positions)) {
    const point = segment.ele('trkpt', { lat: String(p.latitude), lon: String(p.longitude) });
    point.ele('ele').txt(String(p.altitude));
    point.ele('time').txt(p.fixTime ?? '');
  }
  return gpx.end({ prettyPrint: false });
}

const COLUMNS = [
  'id',
  'deviceId',
  'protocol',
  'serverTime',
  'deviceTime',
  'fixTime',
  'valid',
  'latitude',
  'longitude',
  'altitude',
  'speed',
  'course',
  'address',
  'accuracy',
] as const;
const TIMES = new Set(['serverTime', 'deviceTime', 'fixTime']);

/**
 * Header and rows; times `yyyy-MM-dd HH:mm:ss` in the user's timezone; attribute columns sorted by name.
 * Written by the shared CSV writer: formula-like text (an address, a driver's name) starts with `'`.
 */
export function positionsCsv(zone: Zone, positions: readonly Position[]): string {
  const attributes = [...new Set(positions.flatMap((p) => Object.keys(p.attributes)))].sort();
  const rows: unknown[][] = [[...COLUMNS, ...attributes]];
  for (const p of positions) {
    const fixed = COLUMNS.map((c) => {
      const v = p[c];
      return TIMES.has(c) && typeof v === 'string' ? zone.local(Date.parse(v)) : v;
    });
    rows.push([...fixed, ...attributes.map((a) => p.attributes[a])]);
  }
  return csvText(rows);
}
