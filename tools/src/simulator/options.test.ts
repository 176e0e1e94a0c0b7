import { describe, expect, it } from 'vitest';
import { parseIds, parseOptions, USAGE } from './options';

describe('simulator options', () => {
  it('defaults to the demo fleet on the Teltonika port in real time', () => {
    const o = parseOptions([], {});
    expect(o).toMatchObject({
      devices: 25,
      protocol: 'teltonika',
      host: '127.0.0.1',
      port: 5027,
      speedup: 1,
    });
    expect(o.historyHours).toBe(0);
    expect(o.ids[0]).toBe('356307042440000');
    expect(o.ids[24]).toBe('356307042440024');
    expect(o.apiUrl).toBe('http://127.0.0.1:8082/api/server');
    expect(o.wait).toBe(false);
    expect(o.allDay).toBe(false);
    expect(parseOptions(['--allday'], {}).allDay).toBe(true);
    expect(o.allDayFrom).toBeUndefined();
    expect(parseOptions(['--allday-from', '1764400000000'], {}).allDayFrom).toBe(1764400000000);
    expect(parseOptions(['--allday-from', '2026-11-29T10:00:00Z'], {}).allDayFrom).toBe(
      Date.UTC(2026, 10, 29, 10),
    );
    expect(() => parseOptions(['--allday-from', 'soon'], {})).toThrow(/--allday-from must be a time/);
  });

  it('reads the ports from the environment and the flags', () => {
    const env = { FROTA_TELTONIKA_PORT: '6000', FROTA_OSMAND_PORT: '6001', FROTA_PORT: '9000' };
    expect(parseOptions([], env).port).toBe(6000);
    const o = parseOptions(['--protocol', 'osmand', '--devices=3', '--wait', '--speedup', '60'], env);
    expect(o).toMatchObject({ protocol: 'osmand', port: 6001, devices: 3, wait: true, speedup: 60 });
    expect(o.historyHours).toBe(24);
    expect(o.apiUrl).toBe('http://127.0.0.1:9000/api/server');
    expect(parseOptions(['--port', '7000'], env).port).toBe(7000);
  });

  it('gives the demo camera vehicles a DualCam uploading to the camera port', () => {
    expect(parseOptions([], { FROTA_DATA_DIR: '/srv/frota' })).toMatchObject({
      cameras: 'demo',
      cameraHost: '127.0.0.1',
      cameraPort: 5028,
      cameraEveryMinutes: 15,
      cacheDir: '/srv/frota/cache',
    });
    const o = parseOptions(
      ['--host', '10.0.0.2', '--cameras', 'all', '--camera-port=6028', '--camera-every', '0'],
      { FROTA_CAMERA_PORT: '7028' },
    );
    expect(o).toMatchObject({
      cameras: 'all',
      cameraHost: '10.0.0.2',
      cameraPort: 6028,
      cameraEveryMinutes: 0,
    });
    expect(parseOptions([], { FROTA_CAMERA_PORT: '7028' }).cameraPort).toBe(7028);
    expect(parseOptions(['--camera-host', 'cam.local'], {}).cameraHost).toBe('cam.local');
    expect(() => parseOptions(['--cameras', 'some'], {})).toThrow(/demo, all or none/);
  });

  it('parses id lists and ranges', () => {
    expect(parseIds('100..', 3)).toEqual(['100', '101', '102']);
    expect(parseIds('100..102', 3)).toEqual(['100', '101', '102']);
    expect(parseIds('7,9, 11', 2)).toEqual(['7', '9']);
    expect(parseIds('356307042440010', 2)).toEqual(['356307042440010', '356307042440011']);
    expect(() => parseIds('100..101', 3)).toThrow(/fewer/);
    expect(() => parseIds('1,2', 3)).toThrow(/lists 2/);
    expect(() => parseIds('abc..', 1)).toThrow(/numeric/);
  });

  it('speaks the framed protocols on their own ports, and adds vehicles of other protocols', () => {
    const gt06 = parseOptions(['--protocol', 'gt06'], { FROTA_GT06_PORT: '6023' });
    expect([gt06.protocol, gt06.port]).toEqual(['gt06', 6023]);
    expect(parseOptions(['--protocol', 'wialon'], {}).port).toBe(5039);
    // a Traccar server forwards to Frota's HTTP port, with the receiver's token
    const traccar = parseOptions(['--protocol', 'traccar'], {
      FROTA_PORT: '9082',
      FROTA_FORWARD_TOKEN: 't'.repeat(20),
    });
    expect([traccar.port, traccar.forwardToken]).toEqual([9082, 't'.repeat(20)]);
    expect(parseOptions(['--also', 'h02=123,gps103=456'], { FROTA_H02_PORT: '7013' }).extra).toEqual([
      { protocol: 'h02', uniqueId: '123', port: 7013 },
      { protocol: 'gps103', uniqueId: '456', port: 5001 },
    ]);
  });

  it('refuses bad input with a reason', () => {
    expect(() => parseOptions(['--protocol', 'tk102'])).toThrow(/one of teltonika, osmand, gt06/);
    expect(() => parseOptions(['--also', 'gt06'])).toThrow(/PROTOCOL=ID/);
    expect(() => parseOptions(['--devices', '0'])).toThrow(/devices/);
    expect(() => parseOptions(['--speedup', '0.5'])).toThrow(/speedup/);
    expect(() => parseOptions(['--colour', 'red'])).toThrow(/unknown option/);
    expect(() => parseOptions(['--port'])).toThrow(/needs a value/);
    expect(() => parseOptions(['--help'])).toThrow(USAGE);
  });
});
