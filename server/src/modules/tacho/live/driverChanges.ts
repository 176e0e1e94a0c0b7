/**
 * What one stored record says about the driver cards in its tachograph (issue 20 item 1): per slot, the card,
 * and whatever the record carries of names, working state, card presence and counters. Trackers send the
 * card number now and then and the state on every record, so the card last seen in each slot of each
 * vehicle is remembered (`SlotCards`) and used for records that carry a state without a card.
 */
import {
  decodeTachoIo,
  TACHO_IO_IDS,
  type TachoCounters,
  type TachoDriverIo,
  type ReportedWorkingState,
} from '@frota/core';

export interface TachoRecord {
  deviceId: number;
  /** epoch ms (the record's fix time) */
  time: number;
  attributes: Readonly<Record<string, unknown>>;
  /** the vehicle's plate from its settings (attribute license_plate), used when the tachograph sends no VRN */
  plate: string | null;
}

export type Slot = 1 | 2;

export interface DriverChange {
  card: string;
  deviceId: number;
  slot: Slot;
  time: number;
  plate: string | null;
  name?: string;
  surname?: string;
  state?: ReportedWorkingState;
  cardPresent?: boolean;
  counters: Partial<Record<keyof TachoCounters, number>>;
}

/** The card in each slot of each vehicle, as far as the records seen so far tell. */
export class SlotCards {
  private cards = new Map<string, string>();

  private static key(deviceId: number, slot: Slot): string {
    return `${deviceId}:${slot}`;
  }

  get(deviceId: number, slot: Slot): string | undefined {
    return this.cards.get(SlotCards.key(deviceId, slot));
  }

  /** The card is now in this slot, and so in no other slot of any vehicle. */
  insert(deviceId: number, slot: Slot, card: string): void {
    for (const [key, value] of this.cards) if (value === card) this.cards.delete(key);
    this.cards.set(SlotCards.key(deviceId, slot), card);
  }

  withdraw(deviceId: number, slot: Slot): void {
    this.cards.delete(SlotCards.key(deviceId, slot));
  }
}

const IO_KEY_SET = new Set(TACHO_IO_IDS.map((id) => `io${id}`));

/** A card number as stored and compared (the card files use the same rule): upper case, no spaces. */
export const cardKey = (card: string): string => card.toUpperCase().replace(/\s+/g, '');

const VALID_CARD = /^[0-9A-Z-]{1,32}$/;

/** Whether a record carries any tachograph IO element: most records do not, and are passed over cheaply. */
export function hasTachoIo(attributes: Readonly<Record<string, unknown>>): boolean {
  // a record's own keys (some 25) against the set, rather than 40-odd look-ups of keys it mostly lacks
  for (const key in attributes) if (IO_KEY_SET.has(key) && attributes[key] !== undefined) return true;
  return false;
}

function change(record: TachoRecord, plate: string | null, slot: Slot, card: string, io: TachoDriverIo) {
  const out: DriverChange = {
    card,
    deviceId: record.deviceId,
    slot,
    time: record.time,
    plate,
    counters: io.counters,
  };
  if (io.firstName) out.name = io.firstName;
  if (io.surname) out.surname = io.surname;
  if (io.state !== undefined) out.state = io.state;
  if (io.cardPresent !== undefined) out.cardPresent = io.cardPresent;
  return out;
}

/**
 * The driver changes of one record, updating `slots` as it goes. A withdrawn card (presence 0 without a
 * card number) gets a last change saying so, without the state: what the tachograph reports after the card
 * left is no longer that driver's activity.
 */
export function driverChanges(record: TachoRecord, slots: SlotCards): DriverChange[] {
  if (!hasTachoIo(record.attributes)) return [];
  const io = decodeTachoIo(record.attributes);
  const plate = io.vehicle?.vrn || record.plate;
  const out: DriverChange[] = [];
  for (const slot of [1, 2] as const) {
    const driver = slot === 1 ? io.driver1 : io.driver2;
    if (!driver) continue;
    if (driver.card !== undefined) {
      const card = cardKey(driver.card);
      // a card number is letters and digits: anything else is a garbled record, not a driver
      if (!VALID_CARD.test(card)) continue;
      driver.card = card;
    }
    if (driver.card && driver.cardPresent !== false) {
      slots.insert(record.deviceId, slot, driver.card);
      out.push(change(record, plate, slot, driver.card, driver));
      continue;
    }
    const known = driver.card ?? slots.get(record.deviceId, slot);
    if (!known) continue;
    if (driver.cardPresent === false) {
      slots.withdraw(record.deviceId, slot);
      out.push({
        card: known,
        deviceId: record.deviceId,
        slot,
        time: record.time,
        plate,
        cardPresent: false,
        counters: {},
      });
      continue;
    }
    out.push(change(record, plate, slot, known, driver));
  }
  return out;
}
