/** Every event detector, run in this order on each accepted record. */
import { alarmDetector } from './alarms';
import { driverChangedDetector } from './driverChanged';
import { fuelDropDetector } from './fuelDrop';
import { geofenceDetector } from './geofence';
import { ignitionDetector } from './ignition';
import { onlineDetector } from './online';
import { overspeedDetector } from './overspeed';
import type { Detector } from './types';

export const DETECTORS: Detector[] = [
  onlineDetector,
  ignitionDetector,
  driverChangedDetector,
  geofenceDetector,
  overspeedDetector,
  fuelDropDetector,
  alarmDetector,
];

export type { Detector, DetectorInput, DetectorResult } from './types';
