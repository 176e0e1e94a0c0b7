/** Query parameter schemas shared by the calendar and notification routes (Traccar's conventions). */
import { z } from 'zod';

/** Traccar's boolean query parameters: only `true` (or 1) is true. */
export const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const positive = z.coerce.number().int().positive();
