/** deviceOnline when a device that was offline (or never seen) reports again. */
import { none, type Detector } from './types';

export const onlineDetector: Detector = ({ state, position }) =>
  state.status === 'online' ? none : { events: [{ type: 'deviceOnline', eventTime: position.serverTime }] };
