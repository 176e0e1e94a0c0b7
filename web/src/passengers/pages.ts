/** Passenger control screens by route path (see session/routes.ts): the list, the form and the import. */
import type { ComponentType } from 'react';
import { PassengerEditPage } from './PassengerEditPage';
import { PassengerImportPage } from './PassengerImportPage';
import { PassengersPage } from './PassengersPage';

export const PASSENGER_PAGES: Record<string, ComponentType> = {
  '/settings/passengers': PassengersPage,
  '/settings/passenger/:id?': PassengerEditPage,
  '/settings/passenger_import': PassengerImportPage,
};
