/**
 * The variables a computed attribute reads, as Traccar's provider sets them: every field of the position
 * (times as epoch milliseconds) and each of its attributes by name (`speed`, `ignition`, `io200`, `power`);
 * besides, `position` (the fields plus `attributes`) and `device` (id, name, uniqueId, groupId, attributes).
 */
import type { PositionFix } from '@frota/core';
import type { Scope } from './expressionLanguage';

export interface ScopePosition extends PositionFix {
  id?: number | null;
  deviceId: number;
  protocol: string;
  serverTime: number;
  deviceTime: number;
  fixTime: number;
  outdated?: boolean;
}

export interface ScopeDevice {
  id: number;
  name: string;
  uniqueId: string;
  groupId: number | null;
  attributes: Record<string, unknown>;
}

export function positionFields(p: ScopePosition): Record<string, unknown> {
  return {
    id: p.id ?? null,
    deviceId: p.deviceId,
    protocol: p.protocol,
    serverTime: p.serverTime,
    deviceTime: p.deviceTime,
    fixTime: p.fixTime,
    outdated: p.outdated ?? false,
    valid: p.valid,
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    speed: p.speed,
    course: p.course,
    address: p.address,
    accuracy: p.accuracy,
  };
}

/** A null-prototype record: a name the position does not have resolves to nothing inherited. */
export function scopeOf(p: ScopePosition, device?: ScopeDevice): Scope {
  const scope: Record<string, unknown> = Object.create(null);
  const fields = positionFields(p);
  Object.assign(scope, p.attributes, fields);
  scope.position = { ...fields, attributes: p.attributes };
  if (device) scope.device = { ...device };
  return scope;
}
