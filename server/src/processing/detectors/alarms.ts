/**
 * The alarm family (event type `alarm`, name in attributes.alarm): from the decoders' `alarm` attribute
 * (Teltonika IO, OsmAnd `alarm=`) mapped to the spec's names, raised when an alarm appears (not on every
 * record that still carries it), plus lowBattery when the backup battery falls below its threshold.
 */
import { boolAttr, numberAttr } from '../deviceState';
import type { EventDraft } from '../types';
import { none, type Detector } from './types';

/** Decoder alarm names -> the names the product uses (document 2 §4). */
export const ALARM_NAMES: Record<string, string> = {
  general: 'sos',
  sos: 'sos',
  powerCut: 'tampering',
  jamming: 'tampering',
  tampering: 'tampering',
  tow: 'tampering',
  accident: 'malfunction',
  malfunction: 'malfunction',
  fault: 'malfunction',
  hardAcceleration: 'hardAcceleration',
  hardBraking: 'hardBraking',
  hardCornering: 'hardCornering',
  lowBattery: 'lowBattery',
  seatbelt: 'seatbelt',
  lights: 'lights',
};

export const LOW_BATTERY_VOLTS = 3.5;
export const LOW_BATTERY_PERCENT = 15;

const alarmsOf = (v: unknown): string[] =>
  typeof v === 'string' && v
    ? v
        .split(',')
        .map((a) => ALARM_NAMES[a.trim()] ?? a.trim())
        .filter(Boolean)
    : [];

function isLowBattery(attrs: Record<string, unknown>): boolean | undefined {
  const level = numberAttr(attrs.batteryLevel);
  if (level !== undefined) return level < LOW_BATTERY_PERCENT;
  const volts = numberAttr(attrs.battery);
  return volts !== undefined && volts > 0 ? volts < LOW_BATTERY_VOLTS : undefined;
}

export const alarmDetector: Detector = ({ state, position }) => {
  // most records carry no alarm: nothing is allocated for them
  let events: EventDraft[] | undefined;
  let seen: Set<string> | undefined;
  const current = alarmsOf(position.attributes.alarm);
  if (current.length) {
    const before = new Set(alarmsOf(state.last?.attributes.alarm));
    seen = new Set<string>();
    for (const alarm of current) {
      if (seen.has(alarm) || before.has(alarm)) continue;
      seen.add(alarm);
      (events ??= []).push({ type: 'alarm', eventTime: position.fixTime, attributes: { alarm } });
    }
  }
  const low = isLowBattery(position.attributes);
  const wasLow = state.last ? isLowBattery(state.last.attributes) : false;
  if (low && !wasLow && !seen?.has('lowBattery') && boolAttr(position.attributes.charge) !== true) {
    (events ??= []).push({ type: 'alarm', eventTime: position.fixTime, attributes: { alarm: 'lowBattery' } });
  }
  return events ? { events } : none;
};
