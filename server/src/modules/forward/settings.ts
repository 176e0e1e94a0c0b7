/** The forward module's settings (FROTA_FORWARD_*), checked at start. */
import { z } from 'zod';

export const MIN_TOKEN_LENGTH = 16;

export const forwardSettings = z.object({
  /**
   * The Bearer token Traccar sends (forward.header, event.forward.header). Unset or empty: the receiver is
   * off and its routes answer 404.
   */
  FROTA_FORWARD_TOKEN: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .min(MIN_TOKEN_LENGTH, `FROTA_FORWARD_TOKEN: at least ${MIN_TOKEN_LENGTH} characters`)
      .regex(/^\S+$/, 'FROTA_FORWARD_TOKEN: no spaces')
      .optional(),
  ),
});

export type ForwardSettings = z.infer<typeof forwardSettings>;
