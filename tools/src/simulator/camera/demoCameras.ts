/** Which simulated vehicles carry a DualCam. */

/**
 * Fleet indexes (uniqueId 356307042440000 + index) of the demo vehicles with a camera: cars, trucks and vans
 * of the three city groups, not the machines or boats. tools/src/seedDemo.ts gives them `has_camera: 1`.
 */
export const DEMO_CAMERA_INDEXES: readonly number[] = [1, 2, 5, 9, 14, 18];

/** demo: the demo fleet's camera vehicles; all: every vehicle; none: no camera. */
export type CameraFleet = 'demo' | 'all' | 'none';

export const CAMERA_FLEETS: readonly CameraFleet[] = ['demo', 'all', 'none'];

export function hasCamera(fleet: CameraFleet, index: number): boolean {
  if (fleet === 'all') return true;
  if (fleet === 'none') return false;
  return DEMO_CAMERA_INDEXES.includes(index);
}
