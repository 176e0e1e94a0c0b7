/**
 * The DualCams of a simulated fleet: one per camera vehicle, answering camreq through the vehicle's Teltonika
 * connection, and now and then uploading a file of its own to the configured camera server: photos of both
 * cameras (trigger periodic), or while driving sometimes a crash (road photo and the road clip around it).
 */
import { CAMERA_TRIGGERS } from '@frota/core';
import type { Random } from '../random';
import type { VehicleState } from '../vehicle';
import { hasCamera, type CameraFleet } from './demoCameras';
import { lazyMediaSource, type CameraMediaSource } from './media';
import { SimulatedCamera } from './simulatedCamera';

const bit = (name: string) => CAMERA_TRIGGERS.find((t) => t.name === name)!.bit;
export const PERIODIC = bit('periodic');
export const CRASH = bit('crash');

/** the first upload of a camera comes this soon after the start, so the demo shows media early */
const FIRST_EVENT_MS: [number, number] = [20_000, 90_000];
const CRASH_CHANCE = 0.25;
const CRASH_CLIP_S = 10;

export interface FleetCamerasConfig {
  fleet: CameraFleet;
  host: string;
  port: number;
  /** minutes between a camera's own uploads; 0 = only on request */
  everyMinutes: number;
  cacheDir: string;
  /** range of the delay before a camera's first own upload, ms (default 20 to 90 s) */
  firstEventMs?: [number, number];
  /** the files (default: the assets, and the clips made once into the cache) */
  media?: CameraMediaSource;
}

export interface CameraVehicle {
  readonly state: VehicleState;
  /** the vehicle's tracker is connected and accepted (its camera would be powered and online) */
  online(): boolean;
  /** simulated time */
  now(): number;
}

export class FleetCameras {
  private readonly cameras: Array<{ camera: SimulatedCamera; vehicle: () => CameraVehicle | undefined }> = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopping = new AbortController();
  private readonly media: CameraMediaSource;
  /** files the server took */
  files = 0;

  constructor(
    private readonly config: FleetCamerasConfig,
    private readonly rnd: Random,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.media = config.media ?? lazyMediaSource(config.cacheDir, { log, signal: this.stopping.signal });
  }

  get count(): number {
    return this.cameras.length;
  }

  /** The camera of the vehicle at `index`, or undefined when it has none. */
  attach(index: number, imei: string, vehicle: () => CameraVehicle | undefined): SimulatedCamera | undefined {
    if (!hasCamera(this.config.fleet, index)) return undefined;
    const camera = new SimulatedCamera({
      imei,
      media: this.media,
      position: () => {
        const fix = vehicle()?.state.fix;
        return fix && { latitude: fix.latitude, longitude: fix.longitude };
      },
      log: this.log,
      onUploaded: (count) => (this.files += count),
    });
    this.cameras.push({ camera, vehicle });
    return camera;
  }

  /**
   * Makes the clips in the background (a video request should not wait for ffmpeg) and starts the cameras'
   * own uploads.
   */
  start(): void {
    if (!this.cameras.length) return;
    void this.media.clips();
    if (!this.config.everyMinutes) return;
    const first = this.config.firstEventMs ?? FIRST_EVENT_MS;
    for (const entry of this.cameras) this.schedule(entry, this.rnd.between(...first));
  }

  private schedule(entry: (typeof this.cameras)[number], delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.event(entry);
      this.schedule(entry, this.config.everyMinutes * 60_000 * this.rnd.between(0.7, 1.3));
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private event({ camera, vehicle }: (typeof this.cameras)[number]): void {
    const v = vehicle();
    if (!v?.online() || camera.busy) return;
    const { host, port } = this.config;
    const time = v.now();
    if (v.state.phase === 'drive' && this.rnd.chance(CRASH_CHANCE)) {
      void camera.event({ host, port, trigger: CRASH, type: 'photo', cameras: ['F'], time });
      void camera.event({
        ...{ host, port, trigger: CRASH, type: 'video', cameras: ['F'] },
        time: time - (CRASH_CLIP_S / 2) * 1000,
        duration: CRASH_CLIP_S,
      });
      return;
    }
    void camera.event({ host, port, trigger: PERIODIC, type: 'photo', cameras: ['F', 'R'], time });
  }

  /** Stops the timers and waits (at most `graceMs`) for uploads under way. */
  async stop(graceMs: number): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.stopping.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.cameras.map(({ camera }) => camera.idle())),
      new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
  }
}
