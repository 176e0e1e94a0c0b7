/**
 * The demo's scheduled reports (tools/src/seedDemo.ts): the trips of one group's vehicles every Monday in
 * PDF, and the whole fleet's alerts every morning in Excel, both to the manager. Made through the same
 * rules as the API's (normaliseSchedule); nothing when the user has scheduled reports already. They have
 * never run: the scheduler sends them when due, and says so in their status when no mail server is set.
 */
import type { Db } from '../../db/database';
import { normaliseSchedule } from './rules';
import { reportDb, scheduleValues } from './store';

export interface ScheduleDemoInput {
  userId: number;
  email: string;
  /** the group whose trips go out every Monday, and its vehicles */
  group: { name: string; vehicleIds: number[] };
  fleetIds: number[];
}

export async function seedSchedulesDemo(db: Db, input: ScheduleDemoInput, now: number): Promise<number> {
  const k = reportDb(db);
  const held = await k
    .selectFrom('reportScheduler')
    .select('id')
    .where('userId', '=', input.userId)
    .executeTakeFirst();
  if (held || !input.group.vehicleIds.length || !input.fleetIds.length) return 0;
  const schedules = [
    normaliseSchedule({
      report_name: `Viagens da semana - ${input.group.name}`,
      report_type: 'trips',
      report_ids: input.group.vehicleIds.join(','),
      report_ids_type: 'V',
      report_periodicity: 'W',
      report_day: 1,
      report_format: 'pdf',
      report_destination: input.email,
    }),
    normaliseSchedule({
      report_name: 'Alertas do dia - frota',
      report_type: 'alerts',
      report_ids: input.fleetIds.join(','),
      report_ids_type: 'V',
      report_periodicity: 'D',
      report_format: 'excel',
      report_destination: input.email,
    }),
  ];
  for (const fields of schedules)
    await k
      .insertInto('reportScheduler')
      .values({
        ...scheduleValues(db, fields),
        userId: input.userId,
        createdAt: now,
        lastRun: null,
        lastStatus: null,
      })
      .execute();
  return schedules.length;
}
