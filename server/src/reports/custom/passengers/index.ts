/**
 * The passenger pickup reports (document 2 §2.1, §2.4; document 3 "Passenger control"): by vehicle
 * (ReportVersion 1) and by passenger (ReportVersion 3). Run at /report/report_passenger_vehicle.php and
 * /report/report_passenger_passenger.php like every report, and through report_passenger_pickup.php.
 */
import { PASSENGER_PASSENGER_PERMISSION, PASSENGER_VEHICLE_PERMISSION } from '@frota/core';
import type { ReportDef } from '../../reportDef';
import { PASSENGER_PASSENGER_COLUMNS, PASSENGER_TITLE, passengerPassengerReport } from './passengerReport';
import { PASSENGER_VEHICLE_COLUMNS, VEHICLE_TITLE, passengerVehicleReport } from './vehicleReport';

export const PASSENGER_REPORTS: ReportDef[] = [
  {
    name: 'passenger_vehicle',
    permission: PASSENGER_VEHICLE_PERMISSION,
    title: VEHICLE_TITLE,
    drivers: false,
    options: [],
    columns: PASSENGER_VEHICLE_COLUMNS,
    build: passengerVehicleReport,
  },
  {
    name: 'passenger_passenger',
    permission: PASSENGER_PASSENGER_PERMISSION,
    title: PASSENGER_TITLE,
    drivers: false,
    options: [],
    columns: PASSENGER_PASSENGER_COLUMNS,
    build: passengerPassengerReport,
  },
];
