import { describe, expect, it } from 'vitest';
import { zoneBody, zoneColor, zoneEdits, zoneForm } from './zoneForm';
import { countZonesByType, zonesOfType, zoneType } from './zoneList';

const circle = {
  id: 1,
  name: 'Porto',
  description: '',
  area: 'CIRCLE (-8.799 13.241, 400)',
  attributes: { icon: 'warehouse', speedLimit: 20 },
};
const polygon = {
  id: 2,
  name: 'Ilha',
  area: 'POLYGON ((-8.78 13.21, -8.79 13.22, -8.80 13.23, -8.78 13.21))',
  attributes: { color: '#00D084', fill: false },
};
const line = { id: 3, name: 'Via', area: 'LINESTRING (-8.83 13.26, -8.87 13.30)', attributes: {} };
const broken = { id: 4, name: 'x', area: 'nonsense', attributes: {} };

describe('zones tab', () => {
  it('sorts zones into points, areas and corridors with counts', () => {
    expect(zoneType(' circle(1 2, 3)')).toBe('circle');
    expect(
      countZonesByType([circle, polygon, line, broken, { ...circle, id: 5, name: 'Aeroporto' }]),
    ).toEqual({
      circle: 2,
      polygon: 1,
      line: 1,
    });
    expect(
      zonesOfType([circle, { ...circle, id: 5, name: 'Aeroporto' }], 'circle').map((z) => z.name),
    ).toEqual(['Aeroporto', 'Porto']);
  });
});

describe('zone edit form', () => {
  it('reads each type with the defaults of document 1 §9', () => {
    expect(zoneForm(circle)).toMatchObject({ type: 'circle', icon: 'warehouse', radius: '400' });
    expect(zoneForm(polygon)).toMatchObject({ type: 'polygon', color: '00d084', fill: false });
    expect(zoneForm(line)).toMatchObject({ type: 'line', color: '3bb2d0', polylineDistance: '25' });
    expect(zoneForm({ ...circle, attributes: {} })).toMatchObject({ icon: 'blue-dot' });
    expect(zoneColor('nope')).toBe('3bb2d0');
  });

  it('rewrites a circle with its new radius and icon, keeping other attributes', () => {
    const body = zoneBody(circle, { ...zoneForm(circle), radius: '250', icon: 'fuel', name: ' Porto 2 ' });
    expect(body).toEqual({
      id: 1,
      name: 'Porto 2',
      description: '',
      area: 'CIRCLE (-8.799 13.241, 250)',
      attributes: { icon: 'fuel', speedLimit: 20 },
    });
  });

  it('keeps the radius default 100 and corridor default 25 for invalid input', () => {
    expect(zoneBody(circle, { ...zoneForm(circle), radius: '-5' }).area).toBe('CIRCLE (-8.799 13.241, 100)');
    expect(zoneBody(line, { ...zoneForm(line), polylineDistance: 'x' }).attributes).toEqual({
      color: '3bb2d0',
      polylineDistance: 25,
    });
  });

  it('saves colour and fill for areas, colour and distance for corridors', () => {
    expect(zoneBody(polygon, { ...zoneForm(polygon), color: 'f44336', fill: true }).attributes).toEqual({
      color: 'f44336',
      fill: true,
    });
    expect(zoneBody(line, { ...zoneForm(line), color: 'b23bd0', polylineDistance: '40' }).attributes).toEqual(
      {
        color: 'b23bd0',
        polylineDistance: 40,
      },
    );
  });

  it('edits an existing zone with only what the dialog changes (no cached attributes)', () => {
    expect(zoneEdits(circle, { ...zoneForm(circle), name: 'Porto 3', icon: 'fuel' })).toEqual({
      name: 'Porto 3',
      description: '',
      area: 'CIRCLE (-8.799 13.241, 400)',
      attributes: { icon: 'fuel' },
    });
    expect(zoneEdits(polygon, { ...zoneForm(polygon), fill: true }).attributes).toEqual({
      color: '00d084',
      fill: true,
    });
  });

  it('builds a new zone without id', () => {
    const draft = { area: 'CIRCLE (-8.8 13.2, 100)', name: '', attributes: {} };
    expect(zoneBody(draft, { ...zoneForm(draft), name: 'Nova' })).toEqual({
      name: 'Nova',
      description: '',
      area: 'CIRCLE (-8.8 13.2, 100)',
      attributes: { icon: 'blue-dot' },
    });
  });
});
