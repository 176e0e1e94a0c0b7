/**
 * The server's modules, in the order their routes are registered and their jobs start
 * (docs/ARCHITECTURE.md, "Adding a module"): a new module is its folder under modules/ and one line here.
 */
import type { ServerModule } from './manifest/serverModule';
import { replayModule } from './modules/replay/module';
import { alertsModule } from './modules/alerts/module';
import { dashboardModule } from './modules/dashboard/module';
import { managementModule } from './modules/management/module';
import { refillsModule } from './modules/refills/module';
import { tachoModule } from './modules/tacho/module';
import { passengersModule } from './modules/passengers/module';
import { traccarModule } from './modules/traccar/module';
import { camerasModule } from './modules/cameras/module';
import { operationsModule } from './modules/operations/module';
import { segmentsModule } from './modules/segments/module';
import { partitionsModule } from './modules/partitions/module';
import { forwardModule } from './modules/forward/module';

export const SERVER_MODULES: readonly ServerModule[] = [
  replayModule,
  alertsModule,
  dashboardModule,
  managementModule,
  refillsModule,
  tachoModule,
  passengersModule,
  traccarModule,
  camerasModule,
  operationsModule,
  segmentsModule,
  partitionsModule,
  forwardModule,
];
