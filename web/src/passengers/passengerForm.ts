/** The passenger form's draft, checks and saved body. */
import { normaliseCardId, type Passenger } from '@frota/core';
import { isNumericPhone } from '../common/validation';

export type PassengerDraft = Omit<Passenger, 'id'> & { id?: number };

export const newPassengerDraft = (): PassengerDraft => ({
  name: '',
  cardId: '',
  groupId: null,
  phone: '',
  notes: '',
  attributes: {},
});

/** A phone as people type it: digits, optionally after a +, with spaces between groups of digits. */
export const isPassengerPhone = (phone: string): boolean => isNumericPhone(phone.replace(/\s+/g, ''));

/** i18n key and value of the first problem, or null; the server checks the card's uniqueness. */
export function validatePassenger(passenger: PassengerDraft): { key: string; value?: string } | null {
  if (!passenger.name.trim()) return { key: 'passengers.nameRequired' };
  if (!passenger.cardId.trim()) return { key: 'passengers.cardRequired' };
  const phone = passenger.phone.trim();
  if (phone && !isPassengerPhone(phone)) return { key: 'passengers.invalidPhone', value: phone };
  return null;
}

/** The body saved: texts trimmed, the card as the server stores it, no group as null ("Sem grupo" is 0). */
export const passengerBody = (passenger: PassengerDraft): PassengerDraft => ({
  ...passenger,
  name: passenger.name.trim(),
  cardId: normaliseCardId(passenger.cardId),
  groupId: passenger.groupId || null,
  phone: passenger.phone.trim(),
  notes: passenger.notes.trim(),
});
