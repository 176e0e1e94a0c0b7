/**
 * Maintenance settings of a vehicle (document 3 §2, §3, §4) saved through PUT /api/devices/{id}: the
 * attributes automaticMaintenance (manual | automatic) and automaticMaintenancePeriodicity (km). A user with
 * management.summary but without settings.devices may save them for a vehicle it sees: only those two
 * attributes are taken from the body, everything else stays as stored.
 */
import { hasPermission, MANAGEMENT_MESSAGES as M, MAINTENANCE_MODES, parseAmount } from '@frota/core';
import type { Scope } from '../../auth/policy';
import { badRequest } from '../../errors';
import { parseJson } from '../../db/mapping';
import { MANAGEMENT_PERMISSION } from './access';

type Row = Record<string, unknown>;
const MODE = 'automaticMaintenance';
const PERIODICITY = 'automaticMaintenancePeriodicity';

/** Checks and normalises the two attributes: a known mode, a numeric periodicity, manual clears it. */
export function normaliseMaintenanceAttributes(attributes: Row): Row {
  const out = { ...attributes };
  if (out[MODE] === undefined || out[MODE] === null || out[MODE] === '') delete out[MODE];
  else if (out[MODE] === 1 || out[MODE] === '1' || out[MODE] === true) out[MODE] = 'automatic';
  else if (out[MODE] === 0 || out[MODE] === '0' || out[MODE] === false) out[MODE] = 'manual';
  else if (!(MAINTENANCE_MODES as readonly unknown[]).includes(out[MODE]))
    throw badRequest(M.maintenanceMode);
  if (out[PERIODICITY] !== undefined) {
    const n = parseAmount(out[PERIODICITY]);
    if (n === null) delete out[PERIODICITY];
    else if (Number.isNaN(n) || n < 0) throw badRequest(M.periodicityNumeric);
    else out[PERIODICITY] = n;
  }
  if (out[MODE] === 'manual') delete out[PERIODICITY];
  return out;
}

/**
 * The device input to save and the permission that allows it: with settings.devices the body as sent;
 * otherwise (management.summary) the stored device with only the maintenance attributes of the body.
 */
export function deviceSave(
  scope: Scope,
  stored: Row & { attributes: Row },
  input: Row,
): { input: Row; permission: string } {
  const attributes = parseJson(input.attributes);
  if (
    scope.admin ||
    hasPermission(scope.user, 'settings.devices') ||
    !hasPermission(scope.user, MANAGEMENT_PERMISSION)
  )
    return {
      input: { ...input, attributes: normaliseMaintenanceAttributes(attributes) },
      permission: 'settings.devices',
    };
  const kept: Row = { ...stored.attributes };
  for (const key of [MODE, PERIODICITY]) {
    if (key in attributes) kept[key] = attributes[key];
  }
  return {
    input: { ...stored, attributes: normaliseMaintenanceAttributes(kept) },
    permission: MANAGEMENT_PERMISSION,
  };
}
