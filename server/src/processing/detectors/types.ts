import type { DeviceState } from '../deviceState';
import type { EventDraft, ProcessedPosition } from '../types';
import type { ZoneChange } from '../stages/zones';
import type { Zone } from '../zoneIndex';

export interface DetectorInput {
  /** the device state before this record */
  state: DeviceState;
  position: ProcessedPosition;
  zones: ZoneChange;
  zone: (id: number) => Zone | undefined;
}

export interface DetectorResult {
  events: EventDraft[];
  patch?: Partial<DeviceState>;
}

export type Detector = (input: DetectorInput) => DetectorResult;

export const none: DetectorResult = { events: [] };
