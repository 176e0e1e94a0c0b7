/**
 * driverChanged when a card names another driver than the last card read on the vehicle. The last card is kept
 * across ignition cycles, so the same driver taking the card out and putting it back in is no change.
 */
import { none, type Detector } from './types';

export const driverChangedDetector: Detector = ({ state, position }) => {
  const now = position.attributes.driverUniqueId;
  if (typeof now !== 'string' || !now || now === state.lastCard) return none;
  return {
    events: [
      {
        type: 'driverChanged',
        eventTime: position.fixTime,
        attributes: {
          driverUniqueId: now,
          ...(position.attributes.driver ? { driver: position.attributes.driver } : {}),
        },
      },
    ],
    patch: { lastCard: now },
  };
};
