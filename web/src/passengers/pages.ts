/** Passenger control screens by route path (see app/routes.ts): the list, the form and the import. */
import type { ComponentType } from 'react';

export const PASSENGER_PAGES: Record<string, ComponentType> = {};
