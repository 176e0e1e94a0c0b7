/** driverChanged when the RFID driver differs from the previous record's. */
import { none, type Detector } from './types';

export const driverChangedDetector: Detector = ({ state, position }) => {
  const now = position.attributes.driverUniqueId;
  const before = state.last?.attributes.driverUniqueId;
  if (typeof now !== 'string' || !now || now === before) return none;
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
  };
};
