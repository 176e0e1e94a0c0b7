/** The optional from/to filter (YYYY-MM-DD, both inclusive) of the per-vehicle lists. */
import { z } from 'zod';
import { parseDay } from '@frota/core';

export interface Period {
  from: string | null;
  to: string | null;
}

export const periodQuery = z.object({
  from: z.string().optional().describe('YYYY-MM-DD, first day included (optional)'),
  to: z.string().optional().describe('YYYY-MM-DD, last day included (optional)'),
});

export const periodOf = (q: { from?: string; to?: string }): Period => ({
  from: parseDay(q.from),
  to: parseDay(q.to),
});
