/**
 * The live socket's message (GET /api/socket), as both sides read it. `devices`, `positions` and `events`
 * are Traccar's; `eventStatuses` the alert centre's; `changed` is how any module tells the pages that
 * its rows changed: only ids travel, each page reads again what its user may see.
 */

/** A module's row changed: pages that show rows of `kind` read them again (`id`: the row, or its key). */
export interface LiveChange {
  /** the module's name for its rows: `refills`, `tachoDrivers`, `cameraMedia`, … */
  kind: string;
  id: number | string;
  /** the vehicle the row belongs to: only users who see it are told */
  deviceId: number;
}

export interface LiveMessage<
  Device = { id: number } & Record<string, unknown>,
  Position = { deviceId: number } & Record<string, unknown>,
  Event = { deviceId: number } & Record<string, unknown>,
  EventStatus = { deviceId: number } & Record<string, unknown>,
> {
  devices?: Device[];
  positions?: Position[];
  events?: Event[];
  /** status changes of events (the alert central), for the users who see the event's device */
  eventStatuses?: EventStatus[];
  changed?: LiveChange[];
}
