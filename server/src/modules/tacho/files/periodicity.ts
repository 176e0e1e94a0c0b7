/**
 * The download schedule of an entity (document 3 §3 tacho file `periodicity`): Daily, Weekly, Monthly, Custom
 * (every `custom_days` days) or Never. Kept per entity (driver card or vehicle unit) of one owner (the files'
 * `ownerKey`), so every file of it shows the same and another client's files of the same card or plate keep
 * theirs; an entity nobody scheduled shows Never.
 */
import { z } from 'zod';
import type { Db } from '../../../db/database';

export const PERIODICITIES = ['Daily', 'Weekly', 'Monthly', 'Custom', 'Never'] as const;
export type Periodicity = (typeof PERIODICITIES)[number];
export const DEFAULT_PERIODICITY: Periodicity = 'Never';

export const CUSTOM_DAYS_REQUIRED = 'Indique o número de dias (1 a 365) da periodicidade personalizada';

export const periodicityBody = z
  .object({
    periodicity: z.enum(PERIODICITIES).describe('Daily, Weekly, Monthly, Custom or Never'),
    custom_days: z
      .number()
      .int()
      .min(1)
      .max(365)
      .nullish()
      .describe('days between downloads; required with Custom, ignored otherwise'),
  })
  .refine((b) => b.periodicity !== 'Custom' || b.custom_days != null, {
    message: CUSTOM_DAYS_REQUIRED,
    path: ['custom_days'],
  });

export type PeriodicityInput = z.infer<typeof periodicityBody>;

export async function saveSchedule(
  db: Db,
  { ownerKey, entityKey }: { ownerKey: string; entityKey: string },
  input: PeriodicityInput,
  now = Date.now(),
): Promise<{ entity_key: string; periodicity: Periodicity; custom_days: number | null }> {
  const customDays = input.periodicity === 'Custom' ? (input.custom_days ?? null) : null;
  await db.kysely
    .insertInto('tachoSchedules')
    .values({ ownerKey, entityKey, periodicity: input.periodicity, customDays, updatedAt: now })
    .onConflict((oc) =>
      oc
        .columns(['ownerKey', 'entityKey'])
        .doUpdateSet({ periodicity: input.periodicity, customDays, updatedAt: now }),
    )
    .execute();
  return { entity_key: entityKey, periodicity: input.periodicity, custom_days: customDays };
}
