/** The alert central's event types and statuses (document 2 §4). */
import { alertCentralTypes } from '@frota/core';
import type { User } from '../../db/rows';

/** The types this user may list: the seatbelt and lights alarms only with their permission. */
export const alertTypesFor = (user: User): string[] => alertCentralTypes(user);

/** Event status: 0 Por resolver, 1 Em resolução, 2 Resolvido, 3 Ignorado (any may follow any). */
export const STATUS_NAMES = ['Por resolver', 'Em resolução', 'Resolvido', 'Ignorado'] as const;
export const MAX_STATUS = STATUS_NAMES.length - 1;

export const statusName = (status: number): string => STATUS_NAMES[status] ?? STATUS_NAMES[0];

/** The permission of every alert central call. */
export const EVENTS_PERMISSION = 'module.events';
