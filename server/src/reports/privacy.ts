/** The privacy rule in reports: whether a vehicle's position is hidden from the report's user. */
import { isPrivatePosition } from '@frota/core';
import { seesPrivate } from '../auth/privacy';
import type { ReportContext, VehicleInfo } from './context';

export type HidesPosition = (attributes: Record<string, unknown> | null | undefined) => boolean;

/** For one vehicle of the report: true for the positions whose place the user may not see. */
export function hidesPositionOf(ctx: ReportContext, vehicle: Pick<VehicleInfo, 'attributes'>): HidesPosition {
  if (seesPrivate(ctx.scope.user)) return () => false;
  return (attributes) => isPrivatePosition({ attributes: attributes ?? null }, vehicle.attributes);
}
