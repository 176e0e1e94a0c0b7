/** A phone app speaking OsmAnd: one HTTP GET per fix, 200 when stored, 400 for an unknown device. */
import { deviceRequest } from './httpRequest';
import { toOsmandQuery } from './records';
import { DeviceRejectedError, type Transport } from './transport';
import type { Sample } from './vehicle';

export interface OsmandClientOptions {
  host: string;
  port: number;
  uniqueId: string;
  timeoutMs?: number;
}

export class OsmandClient implements Transport {
  private readonly base: string;
  private ok = false;
  private controller = new AbortController();

  constructor(private readonly options: OsmandClientOptions) {
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    this.base = `http://${host}:${options.port}/`;
  }

  get connected(): boolean {
    return this.ok;
  }

  async send(samples: Sample[]): Promise<void> {
    for (const sample of samples) {
      let res: Response;
      try {
        res = await deviceRequest(
          this.base + '?' + toOsmandQuery(this.options.uniqueId, sample).toString(),
          {},
          this.controller.signal,
          this.options.timeoutMs,
        );
      } catch (error) {
        this.ok = false;
        throw error;
      }
      if (res.status === 400) {
        this.ok = false;
        throw new DeviceRejectedError(`server refused device ${this.options.uniqueId}`);
      }
      this.ok = res.status === 200;
      if (!this.ok) throw new Error(`server answered ${res.status}`);
    }
  }

  /** Aborts a request in flight (shutdown); the next send starts afresh. */
  close(): void {
    this.ok = false;
    this.controller.abort();
    this.controller = new AbortController();
  }
}
