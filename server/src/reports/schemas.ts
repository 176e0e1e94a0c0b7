/** Answer shapes for the OpenAPI document (answers are serialised directly, not re-validated). */
import { z } from 'zod';

const cell = z.union([z.string(), z.number(), z.null()]);

export const reportResultSchema = z.object({
  report: z.string(),
  deviceId: z.number().optional(),
  driverId: z.number().optional(),
  title: z.string(),
  subtitle: z.string().describe('the period'),
  subtitle2: z.string().describe('the vehicle or driver'),
  subtitle3: z.string().describe('the options in words'),
  pre_header: z.array(z.object({ text: z.string(), colspan: z.number() })),
  header: z.array(z.string()).describe('column titles; an empty title is a technical column'),
  data: z.array(z.array(cell)),
  footer: z.array(z.array(cell)),
  data_types: z
    .array(z.enum(['text', 'number', 'integer', 'datetime', 'date', 'duration', 'hidden']))
    .describe('datetime DD/MM/YYYY HH:mm:ss, date DD/MM/YYYY, duration HH:MM:SS, in the user timezone'),
  data_format: z.array(z.string()).describe('"" | currency | red | red_gray | column'),
  data_borders: z.array(z.string()),
  data_pie1: z.array(z.object({ label: z.string(), value: z.number(), percent: z.number() })).nullable(),
  extra: z.object({
    noMarginBottom: z.boolean().optional(),
    separator: z.boolean().optional(),
    truncated: z.boolean().optional(),
  }),
  chart: z
    .object({
      name: z.string(),
      license_plate: z.string(),
      total_km: z.number(),
      average_km: z.number(),
      data: z.array(z.object({ date: z.string(), km: z.number() })),
    })
    .optional()
    .describe('chart_km only'),
  cost_chart: z
    .object({
      series: z.array(z.object({ key: z.string(), label: z.string() })),
      data: z.array(
        z.object({ month: z.string(), total: z.number(), costs: z.record(z.string(), z.number()) }),
      ),
    })
    .optional()
    .describe('management_analysis only: the monthly costs by type, for the bar chart'),
});

export const reportAnswerSchema = z.array(reportResultSchema);
