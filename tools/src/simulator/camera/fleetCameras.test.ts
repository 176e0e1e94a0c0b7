import { afterEach, describe, expect, it } from 'vitest';
import type { Random } from '../random';
import type { VehicleState } from '../vehicle';
import { DEMO_CAMERA_INDEXES, hasCamera } from './demoCameras';
import { CRASH, FleetCameras, PERIODIC, type CameraVehicle } from './fleetCameras';
import { CameraServerStub } from './serverStub.testkit';
import { testSource } from './testMedia.testkit';

/** Always the low end, always lucky. */
const lucky: Random = {
  next: () => 0,
  between: (min) => min,
  int: (min) => min,
  chance: () => true,
  pick: (items) => items[0],
};

const vehicle = (phase: VehicleState['phase'], online = true): CameraVehicle => ({
  state: { phase, fix: { latitude: -8.85, longitude: 13.25 } } as VehicleState,
  online: () => online,
  now: () => Date.UTC(2026, 10, 25, 9, 30, 0),
});

describe('cameras of the simulated fleet', () => {
  let stub: CameraServerStub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  it('puts cameras on the demo camera vehicles only, unless told all or none', () => {
    expect(DEMO_CAMERA_INDEXES.length).toBeGreaterThanOrEqual(3);
    expect(hasCamera('demo', DEMO_CAMERA_INDEXES[0])).toBe(true);
    expect(hasCamera('demo', 0)).toBe(false);
    expect(hasCamera('all', 0)).toBe(true);
    expect(hasCamera('none', DEMO_CAMERA_INDEXES[0])).toBe(false);
    const fleet = new FleetCameras(
      { fleet: 'demo', host: '127.0.0.1', port: 1, everyMinutes: 0, cacheDir: '/nonexistent' },
      lucky,
    );
    const attached = Array.from({ length: 25 }, (_, i) =>
      fleet.attach(i, String(356307042440000 + i), () => undefined),
    );
    expect(attached.flatMap((c, i) => (c ? [i] : []))).toEqual([...DEMO_CAMERA_INDEXES]);
    expect(fleet.count).toBe(DEMO_CAMERA_INDEXES.length);
  });

  it('uploads periodic photos when parked and a crash photo and clip when driving, on their own', async () => {
    stub = new CameraServerStub();
    const port = await stub.listen();
    const fleet = new FleetCameras(
      {
        ...{ fleet: 'all', host: '127.0.0.1', port, everyMinutes: 60, cacheDir: '/nonexistent' },
        firstEventMs: [0, 0],
        media: testSource(),
      },
      lucky,
    );
    fleet.attach(0, '356307042440001', () => vehicle('parked'));
    fleet.attach(1, '356307042440002', () => vehicle('drive'));
    fleet.attach(2, '356307042440003', () => vehicle('drive', false));
    fleet.start();
    // four uploads over real sockets: generous on a loaded machine (a CI run behind the SIGKILL test took 10 s)
    await expect.poll(() => fleet.files, { timeout: 40_000 }).toBe(4);
    await fleet.stop(1000);
    expect(stub.errors).toEqual([]);
    const byImei = (imei: string) => stub!.inits.filter((i) => i.imei === imei).map((i) => i.settings);
    expect(byImei('356307042440001')).toEqual([0x04 | 0x08]);
    expect(byImei('356307042440002')).toEqual([0x04, 0x10]);
    // the offline vehicle's camera stays quiet
    expect(byImei('356307042440003')).toEqual([]);
    expect(stub.metadata.get('%photor')!.readUInt32BE(10)).toBe(PERIODIC);
    const clip = stub.metadata.get('%videof')!;
    expect(clip.readUInt32BE(10)).toBe(CRASH);
    // the clip starts five seconds before the crash
    expect(Number(clip.readBigUInt64BE(2))).toBe(Date.UTC(2026, 10, 25, 9, 29, 55));
  }, 60_000);
});
