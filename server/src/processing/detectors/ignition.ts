/** ignitionOn / ignitionOff when the ignition changes between two records. */
import { boolAttr } from '../deviceState';
import { none, type Detector } from './types';

export const ignitionDetector: Detector = ({ state, position }) => {
  const before = boolAttr(state.last?.attributes.ignition);
  const now = boolAttr(position.attributes.ignition);
  if (before === undefined || now === undefined || before === now) return none;
  return { events: [{ type: now ? 'ignitionOn' : 'ignitionOff', eventTime: position.fixTime }] };
};
