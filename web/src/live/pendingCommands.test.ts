import { afterEach, describe, expect, it } from 'vitest';
import {
  addPendingCommand,
  clearPendingCommands,
  dropPendingCommand,
  settlePendingCommands,
} from './pendingCommands';

describe('pending immobilisation commands', () => {
  afterEach(() => clearPendingCommands());

  it('settles a vehicle only once it reports the state asked for', () => {
    addPendingCommand(7, true);
    expect(settlePendingCommands(new Map([[7, 'off']]))).toBe(false);
    expect(settlePendingCommands(new Map([[7, 'on']]))).toBe(true);
    expect(settlePendingCommands(new Map([[7, 'on']]))).toBe(false);
  });

  it('forgets a refused command, so nothing is left to settle', () => {
    addPendingCommand(7, false);
    addPendingCommand(8, false);
    dropPendingCommand(7);
    expect(settlePendingCommands(new Map([[7, 'off']]))).toBe(false);
    expect(settlePendingCommands(new Map([[8, 'off']]))).toBe(true);
  });
});
