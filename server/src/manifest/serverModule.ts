/**
 * What a server module plugs in (docs/ARCHITECTURE.md, "Adding a module"): its routes, its migrations, what
 * it runs while the server runs (jobs, followers of stored records, the camera upload sink) and what it adds
 * to the services. Each module exports one `ServerModule` from `modules/<area>/module.ts`; the list of them
 * is `server/src/moduleList.ts`, the one shared file a new module touches. `app.ts` and `server.ts` read the
 * list and never name a module.
 */
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Dialect } from '../db/database';
import type { Services } from '../services/context';
import type { DeviceState } from '../processing/deviceState';
import type { ProcessedPosition } from '../processing/types';
import type { Ingest } from '../processing/ingest';
import type { FramedListener, OsmandListener, TeltonikaListener } from '../protocols';
import type { CameraFileSink, CameraListener } from '../protocols/camera';

/** The running parts of one server; each is absent until it has started (health and metrics read them). */
export interface ServerParts {
  node?: string;
  ingest?: Ingest;
  teltonika?: TeltonikaListener;
  osmand?: OsmandListener;
  camera?: CameraListener;
  /** the framed protocols' listeners (GT06, H02, Queclink, Coban, Wialon IPS) */
  framed?: readonly FramedListener[];
}

/** What a module's `start` is given. */
export interface ModuleContext {
  services: Services;
  log: Logger;
  /** this node's id: the holder of the leases its jobs take */
  node: string;
  /** false for a server that does not listen (tests that only call the app): start no jobs */
  listening: boolean;
  /** the module's settings, read from FROTA_* variables by its `settings` schema (undefined without one) */
  settings: unknown;
  /** the place name of a point, from the server's offline geocoder */
  lookupAddress(latitude: number, longitude: number): Promise<string | null>;
}

/** What a module runs while its server runs; every part is optional. */
export interface ModuleRuntime {
  /** told of each committed batch of records, with the vehicles' states after it and the records' ids */
  onStored?(
    positions: readonly ProcessedPosition[],
    devices: ReadonlyMap<number, DeviceState>,
    positionIds: readonly number[],
  ): void;
  /** takes the camera uploads of FROTA_CAMERA_PORT (one module at most); no sink, no camera listener */
  cameraSink?: CameraFileSink;
  /** told of the server's running parts as they start */
  attach?(parts: ServerParts): void;
  /** on stop, before the device listeners close: jobs and timers end */
  stop?(): Promise<void>;
  /** resolves when the work in hand is written (on stop after the last records; tests wait on it) */
  idle?(): Promise<void>;
  /** on stop, last, after the HTTP server has closed */
  close?(): Promise<void>;
}

export interface ServerModule {
  /** the module's folder under server/src/modules */
  name: string;
  /**
   * Its settings: a zod object over FROTA_* variables (`FROTA_<MODULE>_…`), checked at start like the core's
   * (a bad value stops the server with "Invalid configuration"); `start` gets the parsed value.
   */
  settings?: z.ZodType;
  /** before the routes are built: adds what the module's routes and others read to the services */
  provide?(services: Services): void;
  routes?(app: FastifyInstance, services: Services): void;
  /**
   * Migrations of the module, by name; they run with the core's, all in name order (the names are global:
   * `NNN_what`, numbered after the highest one in use). Modules written before the manifests keep theirs in
   * db/migrations.
   */
  migrations?: Record<string, (dialect: Dialect) => Migration>;
  start?(context: ModuleContext): ModuleRuntime;
}
