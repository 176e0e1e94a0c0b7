import type { Passenger } from '@frota/core';
import type { Group } from '../api/types';

export interface PassengerRow {
  id: number;
  name: string;
  cardId: string;
  /** the group's name, '' without one */
  group: string;
  phone: string;
}

/** Rows of /settings/passengers: the group shown by name (a group the user cannot see shows empty). */
export function passengerRows(
  passengers: readonly Passenger[] | undefined,
  groups: readonly Group[] | undefined,
): PassengerRow[] {
  const names = new Map((groups ?? []).map((g) => [g.id, g.name]));
  return (passengers ?? []).map((p) => ({
    id: p.id,
    name: p.name,
    cardId: p.cardId,
    group: (p.groupId && names.get(p.groupId)) || '',
    phone: p.phone,
  }));
}
