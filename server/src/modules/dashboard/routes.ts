/** The dashboard's calls (document 2 §2.7, §7; permission map.dashboard). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services/context';
import { assertCanWrite, assertPermission, requireScope } from '../../auth/guard';
import { forbidden } from '../../errors';
import { readStatistics, resetStatistics } from './statistics';

const BASE = '/report/api.php';
export const DASHBOARD_PERMISSION = 'map.dashboard';

const statisticsSchema = z.object({
  deviceid: z.number(),
  lastignition: z.string().nullable().describe('when the ignition last went on (ISO), or null'),
  lastreset: z
    .string()
    .nullable()
    .describe('when counting started (ISO); with position: lastignition > lastreset'),
  last_reset: z.string().nullable().describe('the same reset time as YYYY-MM-DD HH:mm:ss UTC'),
  alert_deviceOverspeed: z.number(),
  alert_hardAcceleration: z.number(),
  alert_hardBraking: z.number(),
  alert_hardCornering: z.number(),
  alert_lowBattery: z.number(),
  alert_sos: z.number(),
});

const message = z.string().describe('the reason, as text');

export function dashboardRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['dashboard'];

  app.get(
    `${BASE}/device_statistics`,
    {
      schema: {
        tags,
        summary: 'Statistics of every vehicle the user sees (permission map.dashboard)',
        description:
          'Kept by the position pipeline since the last reset (or the vehicle creation): when the ' +
          'ignition last went on and the overspeed, hard acceleration, braking, cornering, low battery ' +
          'and SOS alerts counted.',
        response: { 200: z.array(statisticsSchema), 403: message },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertPermission(scope, DASHBOARD_PERMISSION);
      return readStatistics(services.db, scope);
    },
  );

  app.delete(
    `${BASE}/device_statistics`,
    {
      schema: {
        tags,
        summary: "Reset every vehicle's statistics (administrators)",
        description:
          'Not in the product spec: counting starts again now for every vehicle (lastreset = now, ' +
          'counters 0). Administrators only, not read-only.',
        response: { 200: z.object({ success: z.literal(true) }), 403: message },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertCanWrite(scope);
      if (!scope.admin) throw forbidden('Only administrators reset the statistics');
      await resetStatistics(services.db);
      return { success: true as const };
    },
  );
}
