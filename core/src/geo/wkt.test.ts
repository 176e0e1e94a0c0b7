import { describe, expect, it } from 'vitest';
import { AreaFormatError, formatArea, parseArea, validateArea } from './wkt';

describe('parseArea, CIRCLE', () => {
  it('reads latitude first, then longitude, then the radius in metres', () => {
    expect(parseArea('CIRCLE (-8.8106 13.2245, 150)')).toEqual({
      type: 'circle',
      center: { latitude: -8.8106, longitude: 13.2245 },
      radius: 150,
    });
  });
  it('tolerates missing and extra spaces, any keyword case, signs and decimals', () => {
    const expected = { type: 'circle', center: { latitude: -8.8106, longitude: 13.2245 }, radius: 150.5 };
    expect(parseArea('CIRCLE(-8.8106 13.2245,150.5)')).toEqual(expected);
    expect(parseArea('  circle (  -8.8106   13.2245 ,  150.5 )  ')).toEqual(expected);
    expect(parseArea('Circle(-8.8106\t13.2245, +150.5)')).toEqual(expected);
    expect(parseArea('CIRCLE (-8.8106 13.2245, 1.505e2)')).toEqual(expected);
  });
  it('refuses a radius that is zero, negative or missing', () => {
    expect(() => parseArea('CIRCLE (-8.8 13.2, 0)')).toThrow('must be above 0');
    expect(() => parseArea('CIRCLE (-8.8 13.2, -5)')).toThrow(AreaFormatError);
    expect(() => parseArea('CIRCLE (-8.8 13.2)')).toThrow('expected (lat lon, radius)');
    expect(() => parseArea('CIRCLE (-8.8 13.2, 100, 5)')).toThrow('expected (lat lon, radius)');
  });
});

describe('parseArea, POLYGON', () => {
  const triangle = [
    { latitude: -8.8106, longitude: 13.2245 },
    { latitude: -8.8204, longitude: 13.2413 },
    { latitude: -8.8584, longitude: 13.2312 },
  ];
  it('reads a closed ring and keeps it open', () => {
    expect(
      parseArea('POLYGON ((-8.8106 13.2245, -8.8204 13.2413, -8.8584 13.2312, -8.8106 13.2245))'),
    ).toEqual({
      type: 'polygon',
      points: triangle,
    });
  });
  it('reads an open ring and tight spacing', () => {
    expect(parseArea('POLYGON((-8.8106 13.2245,-8.8204 13.2413,-8.8584 13.2312))')).toEqual({
      type: 'polygon',
      points: triangle,
    });
    expect(parseArea('polygon ( ( -8.8106 13.2245 , -8.8204 13.2413 , -8.8584 13.2312 ) )')).toEqual({
      type: 'polygon',
      points: triangle,
    });
  });
  it('refuses too few points, holes and single brackets', () => {
    expect(() => parseArea('POLYGON ((-8.81 13.22, -8.82 13.24, -8.81 13.22))')).toThrow(
      'at least 3 distinct',
    );
    expect(() =>
      parseArea('POLYGON ((-8.8 13.2, -8.8 13.3, -8.9 13.3), (-8.85 13.25, -8.85 13.26, -8.86 13.26))'),
    ).toThrow('holes');
    expect(() => parseArea('POLYGON (-8.8 13.2, -8.8 13.3, -8.9 13.3)')).toThrow('expected ((lat lon');
  });
});

describe('parseArea, LINESTRING', () => {
  it('reads the points in order', () => {
    expect(parseArea('LINESTRING (-8.83 13.22, -8.83 13.24, -8.85 13.25)')).toEqual({
      type: 'linestring',
      points: [
        { latitude: -8.83, longitude: 13.22 },
        { latitude: -8.83, longitude: 13.24 },
        { latitude: -8.85, longitude: 13.25 },
      ],
    });
    expect(parseArea('LINESTRING(-8.83 13.22,-8.83 13.24)')).toMatchObject({ type: 'linestring' });
  });
  it('refuses a single point and nested brackets', () => {
    expect(() => parseArea('LINESTRING (-8.83 13.22)')).toThrow('at least 2 points');
    expect(() => parseArea('LINESTRING ((-8.83 13.22, -8.83 13.24))')).toThrow('Invalid LINESTRING');
  });
});

describe('parseArea, bad text', () => {
  it.each([
    ['', 'Empty area'],
    ['   ', 'Empty area'],
    ['POINT (-8.83 13.22)', 'Unknown area type POINT'],
    ['CIRCLE -8.83 13.22, 100', 'Invalid area'],
    ['CIRCLE (-8.83 13.22, 100) extra', 'Invalid area'],
    ['CIRCLE (-8.83, 13.22, 100)', 'expected (lat lon, radius)'],
    ['CIRCLE (-8.83 13.22 5, 100)', 'expected "latitude longitude"'],
    ['CIRCLE (abc 13.22, 100)', 'Invalid latitude "abc"'],
    ['CIRCLE (-8.83 1.2.3, 100)', 'Invalid longitude "1.2.3"'],
    ['CIRCLE (-8.83 13.22, 0x10)', 'Invalid radius "0x10"'],
    ['CIRCLE (-91 13.22, 100)', 'Latitude -91 is outside -90..90'],
    ['LINESTRING (-8.83 13.22, -8.83 181)', 'Longitude 181 is outside -180..180'],
    ['LINESTRING (-8.83 13.22, , -8.83 13.24)', 'expected "latitude longitude"'],
  ])('%j fails with "%s"', (text, message) => {
    expect(() => parseArea(text)).toThrow(message);
    expect(validateArea(text)).toContain(message);
  });
});

describe('validateArea', () => {
  it('is null for valid areas', () => {
    expect(validateArea('CIRCLE (-8.8106 13.2245, 100)')).toBeNull();
    expect(validateArea('LINESTRING (-8.83 13.22, -8.83 13.24)')).toBeNull();
  });
});

describe('formatArea', () => {
  it('writes Traccar spacing, latitude first, polygons closed', () => {
    expect(
      formatArea({ type: 'circle', center: { latitude: -8.8106, longitude: 13.2245 }, radius: 100 }),
    ).toBe('CIRCLE (-8.8106 13.2245, 100)');
    expect(
      formatArea({
        type: 'polygon',
        points: [
          { latitude: -8.8, longitude: 13.2 },
          { latitude: -8.8, longitude: 13.26 },
          { latitude: -8.86, longitude: 13.26 },
        ],
      }),
    ).toBe('POLYGON ((-8.8 13.2, -8.8 13.26, -8.86 13.26, -8.8 13.2))');
    expect(
      formatArea({
        type: 'linestring',
        points: [
          { latitude: -8.83, longitude: 13.22 },
          { latitude: -8.85, longitude: 13.25 },
        ],
      }),
    ).toBe('LINESTRING (-8.83 13.22, -8.85 13.25)');
  });
  it('round-trips through parseArea', () => {
    for (const text of [
      'CIRCLE (-8.8106 13.2245, 250.5)',
      'POLYGON ((-8.8 13.2, -8.8 13.26, -8.86 13.26, -8.86 13.24, -8.82 13.24, -8.8 13.2))',
      'LINESTRING (-8.83 13.22, -8.83 13.24, -8.85 13.25)',
    ]) {
      expect(formatArea(parseArea(text))).toBe(text);
    }
  });
});
