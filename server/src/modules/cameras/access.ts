/**
 * Who reaches the camera area (ARCHITECTURE §6, document 3 §6): the module.cameras permission, and only
 * vehicles the user sees that have a camera (`has_camera`); anything else answers 404, never leaks by id.
 */
import type { FastifyRequest } from 'fastify';
import { hasPermission } from '@frota/core';
import type { Db } from '../../db/database';
import type { Services } from '../../services/context';
import { parseJson } from '../../db/mapping';
import { assertCanWrite, requireScope } from '../../auth/guard';
import { whereVisible, type Scope } from '../../auth/policy';
import { forbidden, notFound } from '../../errors';
import { boolAttr } from '../../processing/deviceState';

export const CAMERAS_PERMISSION = 'module.cameras';
export const NO_CAMERA = 'Veículo sem câmara (has_camera)';

/** The session user holding module.cameras (administrators always do). */
export async function cameraScope(services: Services, req: FastifyRequest): Promise<Scope> {
  const scope = await requireScope(services, req);
  if (!scope.admin && !hasPermission(scope.user, CAMERAS_PERMISSION))
    throw forbidden(`Missing permission ${CAMERAS_PERMISSION}`);
  return scope;
}

/** Requests and deletions: not read-only, not temporary. */
export function assertCameraWrite(scope: Scope): void {
  assertCanWrite(scope, CAMERAS_PERMISSION);
}

export interface CameraVehicle {
  id: number;
  uniqueId: string;
  name: string;
  groupId: number | null;
  positionId: number | null;
  attributes: Record<string, unknown>;
  hasCamera: boolean;
}

/** The vehicles the scope sees (all of them, or one), with whether each has a camera. */
export async function visibleVehicles(db: Db, scope: Scope, deviceId?: number): Promise<CameraVehicle[]> {
  let q = db.kysely
    .selectFrom('devices')
    .select([
      'devices.id',
      'devices.uniqueId',
      'devices.name',
      'devices.groupId',
      'devices.positionId',
      'devices.attributes',
    ])
    .orderBy('devices.name')
    .orderBy('devices.id');
  if (deviceId !== undefined) q = q.where('devices.id', '=', deviceId);
  q = whereVisible(q, 'devices.id', db, scope, 'devices');
  return (await q.execute()).map((r) => {
    const attributes = parseJson(r.attributes);
    return {
      id: Number(r.id),
      uniqueId: r.uniqueId,
      name: r.name,
      groupId: r.groupId == null ? null : Number(r.groupId),
      positionId: r.positionId == null ? null : Number(r.positionId),
      attributes,
      hasCamera: boolAttr(attributes.has_camera) === true,
    };
  });
}

/** A vehicle the scope sees, or 404. */
export async function visibleVehicle(db: Db, scope: Scope, deviceId: number): Promise<CameraVehicle> {
  const [vehicle] = await visibleVehicles(db, scope, deviceId);
  if (!vehicle) throw notFound();
  return vehicle;
}

/** A vehicle the scope sees that has a camera, or 404 (the camera screens list nothing else). */
export async function cameraVehicle(db: Db, scope: Scope, deviceId: number): Promise<CameraVehicle> {
  const vehicle = await visibleVehicle(db, scope, deviceId);
  if (!vehicle.hasCamera) throw notFound(NO_CAMERA);
  return vehicle;
}
