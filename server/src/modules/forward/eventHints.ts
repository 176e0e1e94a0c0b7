/**
 * What a forwarded Traccar event adds to its position before the pipeline sees it. Frota raises its events
 * from the position itself, as for a native record: storing the event's position (once) is what makes the
 * same Frota event appear. Traccar derives these types from position attributes, so the position normally
 * carries them already; the hint only fills a missing one:
 *
 * - alarm: `event.attributes.alarm` joins the position's comma list `alarm` (detectors/alarms.ts maps it);
 * - ignitionOn / ignitionOff: the position's `ignition`, when absent (the ignition detector compares it with
 *   the previous record).
 *
 * Every other type adds nothing: geofenceEnter/Exit come from Frota's own zones, deviceOverspeed from its
 * limits, deviceFuelDrop, driverChanged from the position's attributes, and the types without a position or
 * that Frota keeps itself (deviceOnline, deviceOffline, deviceUnknown, deviceInactive, deviceMoving,
 * deviceStopped, maintenance, commandResult, textMessage, queuedCommandSent, media) store nothing new.
 */
import type { TraccarEvent } from './traccarBodies';

export function applyEventHints(event: TraccarEvent, attributes: Record<string, unknown>): void {
  if (event.type === 'alarm') {
    const alarm = event.attributes?.alarm;
    if (typeof alarm !== 'string' || !alarm.trim()) return;
    const current =
      typeof attributes.alarm === 'string' && attributes.alarm ? attributes.alarm.split(',') : [];
    if (!current.map((a) => a.trim()).includes(alarm.trim()))
      attributes.alarm = [...current, alarm.trim()].join(',');
  } else if (event.type === 'ignitionOn' || event.type === 'ignitionOff') {
    if (attributes.ignition === undefined) attributes.ignition = event.type === 'ignitionOn';
  }
}
