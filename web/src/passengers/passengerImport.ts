/**
 * The passenger import: the driver import's grid and row-by-row run (settings/driverImport) with the
 * passenger calls. The grid's columns are name, phone, notes and card (the drivers' RFID column); the
 * group chosen above the grid goes into each passenger as it is created.
 */
import type { PassengerInput } from '@frota/core';
import type { ImportApi } from '../common/import/driverImport';

export interface PassengerImportCalls {
  /** Resolves when `GET /api/passengers` answers OK. */
  list(): Promise<unknown>;
  create(body: PassengerInput): Promise<{ id: number }>;
}

/**
 * The driver import's calls made for passengers. A row without a card fails with `cardRequired` before
 * any call (the card is what the tracker reads); the group is set on creation, so there is no second step.
 */
export function passengerImportApi(
  calls: PassengerImportCalls,
  groupId: number | null,
  cardRequired: string,
): ImportApi {
  return {
    check: async () => {
      await calls.list();
    },
    createDriver: async ({ name, uniqueId, attributes }) => {
      if (!uniqueId) throw new Error(cardRequired);
      return calls.create({
        name,
        cardId: uniqueId,
        groupId: groupId || null,
        phone: attributes.phone,
        notes: attributes.notes,
        attributes: {},
      });
    },
    addToGroup: async () => undefined,
  };
}

/** The driver import's log texts, said of passengers. */
export const passengerLogKey = (key: string): string =>
  key.replace(/^settings\.importLog\./, 'passengers.importLog.');
