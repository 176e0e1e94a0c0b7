/**
 * A tracker behind a Traccar server that forwards to Frota (`forward.type=json`): each fix posted as
 * Traccar's `{ position, device }` to `/api/forward/traccar/positions` with the receiver's Bearer token,
 * acknowledged (200) once Frota has committed it; 404 is a vehicle Frota does not know.
 */
import { deviceRequest } from './httpRequest';
import { DeviceRejectedError, type Transport } from './transport';
import type { Sample } from './vehicle';

export interface TraccarForwardOptions {
  host: string;
  /** Frota's HTTP port */
  port: number;
  uniqueId: string;
  token: string;
  timeoutMs?: number;
}

const KMH_PER_KNOT = 1.852;

/** The position as Traccar's JSON forward carries it (speed in knots, dates as ISO text). */
export function traccarPosition(s: Sample): Record<string, unknown> {
  const time = new Date(s.time).toISOString();
  return {
    protocol: 'teltonika',
    fixTime: time,
    deviceTime: time,
    valid: true,
    latitude: s.latitude,
    longitude: s.longitude,
    altitude: s.altitude,
    speed: s.speedKmh / KMH_PER_KNOT,
    course: s.course,
    attributes: {
      ignition: s.ignition,
      motion: s.motion,
      sat: s.satellites,
      odometer: s.odometer,
      power: s.powerMv / 1000,
      battery: s.batteryMv / 1000,
      fuel: s.fuel,
      rssi: s.rssi,
      ...(s.driver ? { driverUniqueId: s.driver } : {}),
      ...(s.event?.type === 'sos' ? { alarm: 'sos' } : {}),
    },
  };
}

export class TraccarForwardClient implements Transport {
  private ok = false;
  private controller = new AbortController();
  private readonly url: string;

  constructor(private readonly o: TraccarForwardOptions) {
    const host = o.host.includes(':') ? `[${o.host}]` : o.host;
    this.url = `http://${host}:${o.port}/api/forward/traccar/positions`;
  }

  get connected(): boolean {
    return this.ok;
  }

  async send(samples: Sample[]): Promise<void> {
    for (const sample of samples) {
      let res: Response;
      try {
        res = await deviceRequest(
          this.url,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${this.o.token}` },
            body: JSON.stringify({
              position: traccarPosition(sample),
              device: { uniqueId: this.o.uniqueId },
            }),
          },
          this.controller.signal,
          this.o.timeoutMs,
        );
      } catch (error) {
        this.ok = false;
        throw error;
      }
      if (res.status === 404) {
        this.ok = false;
        throw new DeviceRejectedError(`Frota does not know ${this.o.uniqueId} (or its receiver is off)`);
      }
      this.ok = res.ok;
      if (!res.ok) throw new Error(`server answered ${res.status}`);
    }
  }

  close(): void {
    this.ok = false;
    this.controller.abort();
    this.controller = new AbortController();
  }
}
