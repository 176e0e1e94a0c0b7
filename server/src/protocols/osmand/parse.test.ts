import { describe, expect, it } from 'vitest';
import { parseOsmandRequest, type OsmandParseResult } from './parse';
import { parseTimestamp, typedValue } from './values';

const NOW = new Date('2024-05-01T12:00:00Z');

const parse = (query: string, body = '', contentType?: string): OsmandParseResult =>
  parseOsmandRequest({ query: new URLSearchParams(query), body: Buffer.from(body), contentType }, NOW);

function ok(result: OsmandParseResult) {
  if (!result.ok) throw new Error(`expected success, got ${result.reason}`);
  return result.positions;
}

describe('parseOsmandRequest: query string', () => {
  it('reads the Traccar Client fields', () => {
    const [p] = ok(
      parse(
        'id=123456&timestamp=1714564800&lat=-8.8383&lon=13.2343&speed=12.5&bearing=270&altitude=74&accuracy=8&batt=87&charge=true&hdop=0.9',
      ),
    );
    expect(p).toMatchObject({
      protocol: 'osmand',
      uniqueId: '123456',
      latitude: -8.8383,
      longitude: 13.2343,
      speed: 12.5,
      course: 270,
      altitude: 74,
      accuracy: 8,
      valid: true,
    });
    expect(p.fixTime.toISOString()).toBe('2024-05-01T12:00:00.000Z');
    expect(p.deviceTime.toISOString()).toBe('2024-05-01T12:00:00.000Z');
    expect(p.attributes).toEqual({ batteryLevel: 87, charge: true, hdop: 0.9 });
  });

  it('takes deviceid, heading and location=lat,lon', () => {
    const [p] = ok(parse('deviceid=abc&location=38.7223,-9.1393&heading=90'));
    expect(p).toMatchObject({ uniqueId: 'abc', latitude: 38.7223, longitude: -9.1393, course: 90 });
  });

  it('uses the time of arrival when no timestamp is sent', () => {
    const [p] = ok(parse('id=1&lat=1&lon=2'));
    expect(p.fixTime).toEqual(NOW);
    expect(p).toMatchObject({ speed: 0, course: 0, altitude: 0 });
    expect(p.accuracy).toBeUndefined();
  });

  it.each([
    ['seconds', '1714564800'],
    ['milliseconds', '1714564800000'],
    ['ISO with zone', '2024-05-01T13:00:00%2B01:00'],
    ['ISO without zone (UTC)', '2024-05-01T12:00:00'],
    ['ISO with Z and milliseconds', '2024-05-01T12:00:00.000Z'],
    ['yyyy-MM-dd HH:mm:ss (UTC)', '2024-05-01%2012:00:00'],
  ])('reads a timestamp in %s', (_name, value) => {
    const [p] = ok(parse(`id=1&lat=1&lon=2&timestamp=${value}`));
    expect(p.fixTime.toISOString()).toBe('2024-05-01T12:00:00.000Z');
  });

  it('reads decimal seconds', () => {
    expect(ok(parse('id=1&lat=1&lon=2&timestamp=1714564800.25'))[0].fixTime.getTime()).toBe(1714564800250);
  });

  it('reads time when there is no timestamp', () => {
    expect(ok(parse('id=1&lat=1&lon=2&time=1714564800'))[0].fixTime.toISOString()).toBe(
      '2024-05-01T12:00:00.000Z',
    );
  });

  it('keeps every other key as a typed attribute', () => {
    const [p] = ok(
      parse(
        'id=1&lat=1&lon=2&ignition=true&motion=false&fuel=55.5&temp1=-3&code=007&note=hello&driverUniqueId=0012AB&io48=2',
      ),
    );
    expect(p.attributes).toEqual({
      ignition: true,
      motion: false,
      fuel: 55.5,
      temp1: -3,
      code: '007',
      note: 'hello',
      driverUniqueId: '0012AB',
      io48: 2,
    });
  });

  it('marks a fix invalid with valid=false', () => {
    expect(ok(parse('id=1&lat=1&lon=2&valid=false'))[0].valid).toBe(false);
  });

  it('reads repeated cell and wifi samples into network', () => {
    const [p] = ok(
      parse(
        'id=1&lat=1&lon=2&cell=631,2,1001,20304,-71&cell=631,2,1001,20305&wifi=AA:BB:CC:DD:EE:FF,-60&wifi=bogus',
      ),
    );
    expect(p.attributes.network).toEqual({
      cellTowers: [
        {
          mobileCountryCode: 631,
          mobileNetworkCode: 2,
          locationAreaCode: 1001,
          cellId: 20304,
          signalStrength: -71,
        },
        { mobileCountryCode: 631, mobileNetworkCode: 2, locationAreaCode: 1001, cellId: 20305 },
      ],
      wifiAccessPoints: [{ macAddress: 'aa:bb:cc:dd:ee:ff', signalStrength: -60 }],
    });
  });

  it.each([
    ['no id', 'lat=1&lon=2', /device id/],
    ['no coordinates', 'id=1', /coordinates/],
    ['no longitude', 'id=1&lat=1', /coordinates/],
    ['text coordinates', 'id=1&lat=north&lon=2', /coordinates/],
    ['latitude out of range', 'id=1&lat=91&lon=2', /coordinates/],
    ['longitude out of range', 'id=1&lat=1&lon=-180.5', /coordinates/],
    ['a bad location', 'id=1&location=12', /coordinates/],
    ['an unreadable timestamp', 'id=1&lat=1&lon=2&timestamp=yesterday', /timestamp/],
  ])('refuses a request with %s', (_name, query, reason) => {
    const result = parse(query);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });
});

describe('parseOsmandRequest: form body', () => {
  it('reads fields from an urlencoded body merged with the query', () => {
    const [p] = ok(parse('id=7', 'lat=-8.8&lon=13.2&speed=3&batt=50', 'application/x-www-form-urlencoded'));
    expect(p).toMatchObject({ uniqueId: '7', latitude: -8.8, longitude: 13.2, speed: 3 });
    expect(p.attributes).toEqual({ batteryLevel: 50 });
  });
});

describe('parseOsmandRequest: background-geolocation JSON', () => {
  const location = {
    timestamp: '2024-05-01T12:00:00.000Z',
    coords: { latitude: -8.8383, longitude: 13.2343, speed: 10, heading: 45.5, altitude: 80, accuracy: 5 },
    is_moving: true,
    odometer: 1234.5,
    event: 'motionchange',
    activity: { type: 'in_vehicle' },
    battery: { level: 0.56, is_charging: false },
    extras: { plate: 'LD-12-34-AB', ignition: true },
  };

  it('reads one location with device_id', () => {
    const [p] = ok(parse('', JSON.stringify({ location, device_id: 'phone-1' }), 'application/json'));
    expect(p).toMatchObject({
      uniqueId: 'phone-1',
      latitude: -8.8383,
      longitude: 13.2343,
      course: 45.5,
      altitude: 80,
      accuracy: 5,
    });
    expect(p.speed).toBeCloseTo((10 * 3.6) / 1.852, 10);
    expect(p.fixTime.toISOString()).toBe('2024-05-01T12:00:00.000Z');
    expect(p.attributes).toEqual({
      plate: 'LD-12-34-AB',
      ignition: true,
      motion: true,
      odometer: 1234.5,
      event: 'motionchange',
      activity: 'in_vehicle',
      batteryLevel: 56,
      charge: false,
    });
  });

  it('does not let extras replace the attributes prototype', () => {
    const body =
      '{"device_id":"x","location":{"coords":{"latitude":1,"longitude":2},"extras":{"__proto__":{"polluted":true},"k":1}}}';
    const [p] = ok(parse('', body, 'application/json'));
    expect(Object.getPrototypeOf(p.attributes)).toBe(Object.prototype);
    expect(p.attributes).toEqual({ k: 1 });
  });

  it('reads an array of locations, taking the id from the query', () => {
    const second = {
      ...location,
      timestamp: '2024-05-01T12:00:05Z',
      coords: { ...location.coords, latitude: -8.84 },
    };
    const positions = ok(
      parse('id=phone-2', JSON.stringify({ location: [location, second] }), 'application/json'),
    );
    expect(positions.map((p) => [p.uniqueId, p.latitude])).toEqual([
      ['phone-2', -8.8383],
      ['phone-2', -8.84],
    ]);
  });

  it('detects JSON without a content type and treats -1 speed and heading as 0', () => {
    const body = {
      location: { ...location, coords: { latitude: 1, longitude: 2, speed: -1, heading: -1 } },
      device_id: 9,
    };
    const [p] = ok(parse('', JSON.stringify(body)));
    expect(p).toMatchObject({ uniqueId: '9', speed: 0, course: 0 });
  });

  it('reads a root array of entries', () => {
    const body = [
      { location, device_id: 'a' },
      { location, device_id: 'b' },
    ];
    expect(ok(parse('', JSON.stringify(body), 'application/json')).map((p) => p.uniqueId)).toEqual([
      'a',
      'b',
    ]);
  });

  it.each([
    ['invalid JSON', '{"location":', /invalid JSON/],
    ['no device id', JSON.stringify({ location }), /device id/],
    ['no location', JSON.stringify({ device_id: 'x' }), /location/],
    ['no coordinates', JSON.stringify({ device_id: 'x', location: { coords: {} } }), /coordinates/],
    ['an empty array', JSON.stringify({ device_id: 'x', location: [] }), /no location/],
    [
      'a bad timestamp',
      JSON.stringify({ device_id: 'x', location: { ...location, timestamp: 'soon' } }),
      /timestamp/,
    ],
  ])('refuses %s', (_name, body, reason) => {
    const result = parse('', body, 'application/json');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });
});

describe('OsmAnd value helpers', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['42', 42],
    ['-1.5', -1.5],
    ['0', 0],
    ['0.25', 0.25],
    ['007', '007'],
    ['1e5', '1e5'],
    ['12345678901234567890', '12345678901234567890'],
    ['', ''],
    ['TRUE', 'TRUE'],
  ])('types %j as %j', (text, expected) => {
    expect(typedValue(text)).toEqual(expected);
  });

  it('refuses negative and impossible timestamps', () => {
    expect(parseTimestamp('-5')).toBeUndefined();
    expect(parseTimestamp('2024-13-45T99:99:99Z')).toBeUndefined();
    expect(parseTimestamp({})).toBeUndefined();
  });
});
