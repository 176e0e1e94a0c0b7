import { useSyncExternalStore } from 'react';
import type { ImmobilizationState } from '@frota/core';

/**
 * Vehicles with an immobilisation command sent and not yet confirmed (document 1 §4): their icon blinks
 * until the vehicle reports the requested state.
 */
const pending = new Map<number, boolean>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<number, boolean> = new Map();

function publish(): void {
  snapshot = new Map(pending);
  for (const listener of listeners) listener();
}

/** `blocked` true for a block command, false for an unblock. */
export function addPendingCommand(deviceId: number, blocked: boolean): void {
  pending.set(deviceId, blocked);
  publish();
}

/** Forgets a vehicle's command (it was refused or never reached the vehicle). */
export function dropPendingCommand(deviceId: number): void {
  if (pending.delete(deviceId)) publish();
}

/** Drops the vehicles whose reported state now matches what was asked; returns whether any changed. */
export function settlePendingCommands(states: ReadonlyMap<number, ImmobilizationState | null>): boolean {
  let settled = false;
  for (const [deviceId, blocked] of pending) {
    const state = states.get(deviceId);
    if (state === (blocked ? 'on' : 'off')) {
      pending.delete(deviceId);
      settled = true;
    }
  }
  if (settled) publish();
  return settled;
}

export function clearPendingCommands(): void {
  pending.clear();
  publish();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const usePendingCommands = (): ReadonlyMap<number, boolean> =>
  useSyncExternalStore(subscribe, () => snapshot);
