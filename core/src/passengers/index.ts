/**
 * Passenger control (document 2 §2.1, §2.4, §6; document 3 "Passenger control"): the passenger entity, its
 * pickups and the wire shapes shared by the server module (`server/src/modules/passengers`) and the web
 * area (`web/src/passengers`).
 */

export * from './model';
// The request schema lives in its own module so that a screen using the model does not bundle zod.
export { passengerInput } from './schema';
