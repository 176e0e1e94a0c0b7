import { describe, expect, it } from 'vitest';
import { onPositionsArrived, positionsArrived } from './liveArrivals';
import type { Position } from './types';

const position = (deviceId: number) => ({ id: deviceId, deviceId }) as Position;

describe('positions as they arrive', () => {
  it('reach every listener until it stops listening, and an empty message reaches none', () => {
    const seen: number[][] = [];
    const stop = onPositionsArrived((positions) => seen.push(positions.map((p) => p.deviceId)));
    positionsArrived([position(1), position(2)]);
    positionsArrived([]);
    positionsArrived(undefined);
    stop();
    positionsArrived([position(3)]);
    expect(seen).toEqual([[1, 2]]);
  });
});
