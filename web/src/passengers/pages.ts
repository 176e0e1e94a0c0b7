/** Passenger control screens by route path (routes in area.ts): the list, the form and the import. */
import type { PageTable } from '../session/areas';
import { PassengerEditPage } from './PassengerEditPage';
import { PassengerImportPage } from './PassengerImportPage';
import { PassengersPage } from './PassengersPage';

export const PASSENGER_PAGES: PageTable = {
  '/settings/passengers': PassengersPage,
  '/settings/passenger/:id?': PassengerEditPage,
  '/settings/passenger_import': PassengerImportPage,
};
