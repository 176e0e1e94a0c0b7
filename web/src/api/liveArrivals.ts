import type { Position } from './types';

type Listener = (positions: readonly Position[]) => void;

const listeners = new Set<Listener>();

/**
 * Positions as the live socket receives them, before the next flush applies them (every 10 s). A screen
 * may get ready for them meanwhile (the online map builds its vehicles' views on arrival, so a flush of
 * 10,000 positions finds them made); what it shows still changes only at the flush.
 */
export function onPositionsArrived(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells the listeners of positions just received (the live socket's handler calls it). */
export function positionsArrived(positions: readonly Position[] | undefined): void {
  if (!positions?.length) return;
  for (const listener of listeners) listener(positions);
}
