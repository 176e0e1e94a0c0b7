/**
 * The body of a replay query (contract item 1): the devices (only the first is replayed), the period as
 * wall times in the user's timezone (as the report calls), and the answer shape. The period goes through
 * the reports' own parser, so the same messages answer the same mistakes.
 */
import { z } from 'zod';
import { historyWindow } from '../../auth/historyWindow';
import type { Scope } from '../../auth/policy';
import { badRequest } from '../../errors';
import { zoneFor } from '../../track/timezone';
import { parseIds, parseReportRequest, type PeriodLimit, type ReportRequest } from '../../reports/request';

export const MSG_FORMAT = 'Formato inválido';

/**
 * The longest replay period. The position count already bounds the server's work; this bounds what a
 * sparse vehicle's period can ask of the chart (a year of a vehicle that reports hourly is still cheap).
 */
export const MAX_REPLAY_DAYS = 366;
export const MSG_REPLAY_PERIOD = `Por favor seleccione um período máximo de ${MAX_REPLAY_DAYS} dias`;
const REPLAY_LIMIT: PeriodLimit = { days: MAX_REPLAY_DAYS, always: true, message: MSG_REPLAY_PERIOD };

export const replayBodySchema = z.looseObject({
  devices: z
    .union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()])
    .optional()
    .describe('vehicle ids (array or "1,2,3"); only the first is replayed'),
  from: z.string().optional().describe('YYYY-MM-DD HH:mm:ss in the user timezone'),
  to: z.string().optional().describe('YYYY-MM-DD HH:mm:ss in the user timezone (inclusive)'),
  mode: z.unknown().optional().describe('accepted and ignored'),
  format: z
    .string()
    .optional()
    .describe(
      "'columns' for the column answer; 'route' for the columns without the attribute series (what the map " +
        "needs first); 'packed' for the route in binary columns (core's packRoute); 'stream' for the route streamed in " +
        "binary frames, then its markers, limits and trips; 'series' for the attribute series alone " +
        '(with the ids to align them); absent for position objects',
    ),
});

export const REPLAY_FORMATS = ['objects', 'columns', 'route', 'packed', 'stream', 'series'] as const;
export type ReplayFormat = (typeof REPLAY_FORMATS)[number];

const isFormat = (v: string): v is ReplayFormat => (REPLAY_FORMATS as readonly string[]).includes(v);

/** Whether an answer carries the attribute series (the route formats leave them to a `series` call). */
export const carriesSeries = (format: ReplayFormat): boolean =>
  format === 'objects' || format === 'columns' || format === 'series';

export interface ReplayRequest {
  deviceId: number;
  /** the period asked, clipped to a temporary user's history window */
  from: number;
  to: number;
  format: ReplayFormat;
  /** the report request the trips engine runs with (the replayed vehicle and the clipped period) */
  report: ReportRequest;
  /** false when the clipped period is empty (a temporary user asking outside the window) */
  inside: boolean;
}

/**
 * Checks the history permission (map.history; temporary users only with allowHistory) and reads the body:
 * 400 with the reports' Portuguese messages for missing vehicles or an unreadable period.
 */
export function parseReplayRequest(scope: Scope, raw: unknown): ReplayRequest {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const format = body.format === undefined || body.format === '' ? 'objects' : String(body.format);
  if (!isFormat(format)) throw badRequest(MSG_FORMAT);
  // only the first vehicle is replayed, so the several-vehicle period limit never applies
  const first = parseIds(body.devices ?? body['devices[]']).slice(0, 1);
  const parsed = parseReportRequest(
    { from: body.from, to: body.to, devices: first },
    zoneFor(scope.user.attributes.timezone),
    { limit: REPLAY_LIMIT },
  );
  const deviceId = parsed.items[0];
  const [from, to] = historyWindow(scope, parsed.from, parsed.to);
  const report: ReportRequest = {
    ...parsed,
    items: [deviceId],
    itemsType: 'V',
    from,
    to,
    format: 'json',
  };
  return { deviceId, from, to, format, report, inside: from <= to };
}
