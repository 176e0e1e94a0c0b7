/**
 * GET /report/api.php/reports: the reports this server can run for the user, with the option fields each
 * reads in the order the form shows them (document 2 §2.2 "in a server-given order") and whether a
 * schedule may send it. The client offers nothing the server cannot run.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hasPermission } from '@frota/core';
import { requireScope } from '../auth/guard';
import type { Services } from '../services/context';
import { REPORTS } from './registry';
import { SCHEDULE_TYPES } from './schedules/rules';

const entry = z.object({
  name: z.string(),
  title: z.string(),
  drivers: z.boolean(),
  options: z.array(z.enum(['text1', 'text2', 'check1', 'check2', 'select1', 'select2'])),
  schedulable: z.boolean(),
});

export function catalogueRoute(app: FastifyInstance, services: Services): void {
  app.get(
    '/report/api.php/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'The reports the user may run, with their option fields in display order',
        response: { 200: z.array(entry) },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      return [...REPORTS.values()]
        .filter((def) => hasPermission(scope.user, def.permission))
        .map((def) => ({
          name: def.name,
          title: def.title,
          drivers: def.drivers,
          options: def.options,
          schedulable: def.name in SCHEDULE_TYPES,
        }));
    },
  );
}
