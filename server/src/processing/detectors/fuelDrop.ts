/**
 * deviceFuelDrop on CAN-bus vehicles: the fuel level falls by at least the threshold (device attribute
 * fuelDropThreshold, in the fuel unit; default 10) between two records while the vehicle is not driving.
 */
import { knotsToKmh } from '@frota/core';
import { boolAttr, numberAttr } from '../deviceState';
import { none, type Detector } from './types';

export const DEFAULT_FUEL_DROP = 10;

export const fuelDropDetector: Detector = ({ state, position }) => {
  if (!boolAttr(state.attributes.has_canbus)) return none;
  const before = numberAttr(state.last?.attributes.fuel);
  const now = numberAttr(position.attributes.fuel);
  if (before === undefined || now === undefined) return none;
  const threshold = numberAttr(state.attributes.fuelDropThreshold) ?? DEFAULT_FUEL_DROP;
  const drop = before - now;
  if (drop < threshold || knotsToKmh(position.speed) > 3) return none;
  return {
    events: [
      { type: 'deviceFuelDrop', eventTime: position.fixTime, attributes: { fuelDrop: drop, fuel: now } },
    ],
  };
};
