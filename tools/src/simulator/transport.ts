/** How a vehicle's samples reach the server; both answer only once the server accepted them. */
import type { Sample } from './vehicle';

export interface Transport {
  /** Sends the samples (in order) and resolves once the server acknowledged all of them. */
  send(samples: Sample[]): Promise<void>;
  readonly connected: boolean;
  close(): void;
}

/** The server refused the device (unknown or disabled uniqueId): retry only after a long pause. */
export class DeviceRejectedError extends Error {
  override name = 'DeviceRejectedError';
}
