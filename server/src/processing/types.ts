/** Shapes passed between the pipeline, the event detectors, the store and the notifiers. */
import type { PositionFix } from '@frota/core';
import type { DecodedPosition } from '../protocols/types';

export type { DecodedPosition };

/** A position as it leaves the pipeline: enriched, ready to store (times as epoch ms). */
export interface ProcessedPosition extends PositionFix {
  deviceId: number;
  protocol: string;
  serverTime: number;
  deviceTime: number;
  fixTime: number;
  event: number | null;
  /** older than the device's latest position: stored, but the device keeps its latest */
  outdated: boolean;
}

/** An event raised by a detector, before it is stored. */
export interface EventDraft {
  type: string;
  eventTime: number;
  geofenceId?: number | null;
  attributes?: Record<string, unknown>;
}

/**
 * An event after commit, as notifiers and the live socket receive it. A type, not an interface: it is also
 * a row for the row mappers (`eventJson`).
 */
export type StoredEvent = {
  id: number;
  type: string;
  eventTime: number;
  deviceId: number;
  positionId: number | null;
  geofenceId: number | null;
  attributes: Record<string, unknown>;
};

/** What a notifier needs to describe an event to a person. */
export interface EventContext {
  event: StoredEvent;
  device: { id: number; name: string; uniqueId: string; attributes: Record<string, unknown> };
  position: {
    latitude: number;
    longitude: number;
    speed: number;
    fixTime: number;
    address: string | null;
    attributes: Record<string, unknown>;
  } | null;
  geofence?: { id: number; name: string } | null;
}
