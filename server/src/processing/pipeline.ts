/**
 * One record through the stages of ARCHITECTURE §5, in order: early computed attributes -> validity and
 * duplicates -> computed attributes -> passenger cards -> distance and odometer -> engine hours -> ignition
 * times -> driver -> zones -> speed limit -> address -> event detectors -> next state.
 * Pure apart from the lookups it is given; the caller stores the result and then adopts `next`.
 */
import { DETECTORS, type DetectorInput } from './detectors';
import type { DecodedPosition } from '../protocols/types';
import type { DeviceState } from './deviceState';
import { applyDistance } from './stages/distance';
import { applyDriver, type DriverDirectory } from './stages/driver';
import { applyPassengerCard } from './stages/passengers';
import { applyComputed, type ComputedError } from './stages/computed';
import type { ComputedLookup } from './computed/computedDirectory';
import { filterPosition } from './stages/filter';
import { applyHours } from './stages/hours';
import { applyIgnition } from './stages/ignition';
import { applyZones } from './stages/zones';
import { applySpeedLimit, type RoadLimit } from './stages/speedLimit';
import type { EventDraft, ProcessedPosition } from './types';
import type { ZoneIndex } from './zoneIndex';
import { stageTimes } from './stageTimes';

export interface PipelineContext {
  now: number;
  zones: ZoneIndex;
  drivers: DriverDirectory;
  address?: (latitude: number, longitude: number) => string | null;
  /** the posted limit (knots) of the road at a point, when an online geocoder knows it */
  roadLimit?: RoadLimit;
  /** the computed attributes of a device (issue 23), and where their failures are reported */
  computed?: ComputedLookup;
  computedError?: ComputedError;
}

export interface PipelineResult {
  /** undefined when the record is a duplicate and is dropped */
  position?: ProcessedPosition;
  events: EventDraft[];
  next: DeviceState;
}

export function toProcessed(deviceId: number, d: DecodedPosition, now: number): ProcessedPosition {
  return {
    deviceId,
    protocol: d.protocol,
    serverTime: now,
    deviceTime: d.deviceTime.getTime(),
    fixTime: d.fixTime.getTime(),
    valid: d.valid,
    latitude: d.latitude,
    longitude: d.longitude,
    altitude: d.altitude,
    speed: d.speed,
    course: d.course,
    accuracy: d.accuracy ?? 0,
    address: null,
    event: d.event ?? null,
    // The decoded record belongs to the pipeline from here on: no copy.
    attributes: d.attributes,
    outdated: false,
  };
}

export function processRecord(
  state: DeviceState,
  decoded: DecodedPosition,
  ctx: PipelineContext,
): PipelineResult {
  // the stage timer (bench:ingest): null unless on (and for the records between two samples), so each
  // stage pays a null check
  const clock = stageTimes.on ? stageTimes.recordClock() : null;
  const p = toProcessed(state.id, decoded, ctx.now);
  const computed = ctx.computed?.(state.id, state.groupId);
  if (computed?.length) applyComputed(state, p, computed, true, ctx.computedError);
  clock?.lap('computed');
  const verdict = filterPosition(state, p, ctx.now);
  clock?.lap('filter');
  if (verdict === 'duplicate') return { events: [], next: state };
  if (computed?.length) applyComputed(state, p, computed, false, ctx.computedError);
  clock?.lap('computed');
  applyPassengerCard(state, p, ctx.drivers, verdict !== 'outdated');
  clock?.lap('passengers');
  if (verdict === 'outdated') {
    // Stored for history, but it neither moves the device nor raises events.
    p.outdated = true;
    return { position: p, events: [], next: state };
  }
  applyDistance(state, p);
  applyHours(state, p);
  applyIgnition(state, p);
  applyDriver(state, p, ctx.drivers);
  clock?.lap('motion');
  const zones = applyZones(state, p, ctx.zones);
  clock?.lap('zones');
  applySpeedLimit(p, zones.inside, ctx.zones, ctx.roadLimit);
  clock?.lap('speedLimit');
  if (p.valid && ctx.address) p.address = ctx.address(p.latitude, p.longitude);
  clock?.lap('address');

  const events: EventDraft[] = [];
  let patch: Partial<DeviceState> | undefined;
  // one input for every detector: this runs for each record, allocations add up
  const input: DetectorInput = { state, position: p, zones, zone: ctx.zones.zoneById };
  for (const detect of DETECTORS) {
    const result = detect(input);
    for (const event of result.events) events.push(event);
    if (result.patch) patch = patch ? Object.assign(patch, result.patch) : { ...result.patch };
  }
  const next: DeviceState = {
    ...state,
    ...patch,
    status: 'online',
    lastUpdate: ctx.now,
    geofenceIds: zones.inside,
    last: {
      fixTime: p.fixTime,
      latitude: p.latitude,
      longitude: p.longitude,
      speed: p.speed,
      valid: p.valid,
      attributes: p.attributes,
    },
  };
  clock?.lap('detectors');
  return { position: p, events, next };
}
