import type { DeviceState } from '../../processing/deviceState';
import type { EventDraft, ProcessedPosition } from '../../processing/types';
import type { ZoneChange } from '../../processing/stages/zones';
import type { Zone } from '../../processing/zoneIndex';

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
