/**
 * Input schemas of the entity API (Traccar-compatible shapes). Used by the server to validate bodies and by
 * web forms. Unknown keys are dropped; attributes stay free-form objects.
 */
import { z } from 'zod';

const attributes = z.record(z.string(), z.unknown()).default({});
const optionalText = z.string().max(512).nullish();
const id = z.number().int().positive();
const optionalId = z
  .number()
  .int()
  .nonnegative()
  .nullish()
  .transform((v) => (v ? v : null));
const isoTime = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .refine((v) => v == null || v === '' || Number.isFinite(typeof v === 'number' ? v : Date.parse(v)), {
    message: 'invalid date',
  });

export const deviceInput = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'name is required').max(128),
  uniqueId: z.string().trim().min(1, 'uniqueId is required').max(128),
  groupId: optionalId,
  category: optionalText,
  phone: optionalText,
  model: optionalText,
  contact: optionalText,
  disabled: z.boolean().optional().default(false),
  attributes,
});
export type DeviceInput = z.infer<typeof deviceInput>;

export const groupInput = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'name is required').max(128),
  groupId: optionalId,
  attributes,
});
export type GroupInput = z.infer<typeof groupInput>;

export const driverInput = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'name is required').max(128),
  uniqueId: z.string().trim().max(128).nullish(),
  attributes,
});
export type DriverInput = z.infer<typeof driverInput>;

export const geofenceInput = z.object({
  id: id.optional(),
  name: z.string().trim().max(128).default(''),
  description: optionalText,
  area: z.string().trim().min(1, 'area is required'),
  attributes,
});
export type GeofenceInput = z.infer<typeof geofenceInput>;

export const notificationInput = z.object({
  id: id.optional(),
  type: z.string().trim().min(1, 'Deve seleccionar o tipo de alerta').max(128),
  always: z.boolean().optional().default(false),
  notificators: z.string().trim().min(1, 'Deve seleccionar pelo menos um método de envio do alerta').max(128),
  /** Traccar's calendar limiting when the notification fires; 0 or none for always */
  calendarId: z.number().int().min(0).nullish(),
  attributes,
});
export type NotificationInput = z.infer<typeof notificationInput>;

export const userInput = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'Nome inválido').max(128),
  email: z.string().trim().min(1, 'email is required').max(128),
  phone: optionalText,
  password: z.string().min(1).max(256).nullish(),
  readonly: z.boolean().optional().default(false),
  administrator: z.boolean().optional().default(false),
  disabled: z.boolean().optional().default(false),
  expirationTime: isoTime,
  userLimit: z.number().int().optional(),
  deviceLimit: z.number().int().optional(),
  token: z.string().max(256).nullish(),
  attributes,
});
export type UserInput = z.infer<typeof userInput>;

export const accumulatorsInput = z.object({
  deviceId: id,
  totalDistance: z.number().nonnegative().optional(),
  hours: z.number().nonnegative().optional(),
});

/** The association pairs of document 1 §3 (plus the Traccar ones the server keeps for ownership). */
export const LINK_KEYS = [
  ['userId', 'deviceId'],
  ['userId', 'groupId'],
  ['userId', 'geofenceId'],
  ['userId', 'driverId'],
  ['userId', 'notificationId'],
  ['userId', 'managedUserId'],
  ['groupId', 'geofenceId'],
  ['groupId', 'driverId'],
  ['deviceId', 'geofenceId'],
  ['deviceId', 'notificationId'],
  ['deviceId', 'driverId'],
] as const;

export const permissionLink = z
  .record(z.string(), z.number().int().positive())
  .refine((o) => Object.keys(o).length === 2, { message: 'a link has exactly two ids' })
  .refine((o) => LINK_KEYS.some(([a, b]) => a in o && b in o), { message: 'unknown link pair' });
export type PermissionLink = Record<string, number>;
