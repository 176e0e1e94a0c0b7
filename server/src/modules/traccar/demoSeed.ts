/**
 * Demo of the Traccar API objects (`npm run demo`, issue 23), all the manager's: a working-days calendar
 * (Monday to Friday, 07:00-19:00 in Luanda), the saved commands to immobilise and release a vehicle, a
 * computed attribute `engineOn` (ignition on with the power above 12 V) applied to one group's vehicles, and
 * a scheduled summary of that group mailed at the end of each working day (logged without FROTA_SMTP_URL).
 * Idempotent: nothing is added when the calendar exists.
 */
import type { Db } from '../../db/database';
import { fromBool, toJson } from '../../db/mapping';
import { calendarText } from './calendars/calendarStore';

export const DEMO_CALENDAR_NAME = 'Dias úteis';

export const DEMO_WORKING_DAYS_ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Frota//Demo//PT',
  'BEGIN:VEVENT',
  'UID:dias-uteis@frota.local',
  'DTSTAMP:20260105T000000Z',
  'DTSTART;TZID=Africa/Luanda:20260105T070000',
  'DTEND;TZID=Africa/Luanda:20260105T190000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'SUMMARY:Horário de trabalho',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

export interface TraccarDemoIds {
  calendarId: number;
  commandIds: number[];
  attributeId: number;
  reportId: number;
}

export async function seedTraccarDemo(
  db: Db,
  managerId: number,
  groupId: number,
  now: number,
): Promise<TraccarDemoIds | undefined> {
  const k = db.kysely;
  if (await k.selectFrom('calendars').select('id').where('name', '=', DEMO_CALENDAR_NAME).executeTakeFirst())
    return undefined;
  return k.transaction().execute(async (trx) => {
    const calendar = await trx
      .insertInto('calendars')
      .values({
        name: DEMO_CALENDAR_NAME,
        data: calendarText(DEMO_WORKING_DAYS_ICS),
        attributes: toJson({}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const calendarId = Number(calendar.id);
    await trx.insertInto('userCalendar').values({ userId: managerId, calendarId }).execute();

    const commandIds: number[] = [];
    for (const [description, type] of [
      ['Imobilizar viatura', 'engineStop'],
      ['Desimobilizar viatura', 'engineResume'],
    ]) {
      const row = await trx
        .insertInto('savedCommands')
        .values({ description, type, textChannel: fromBool(db.dialect, false), attributes: toJson({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      commandIds.push(Number(row.id));
      await trx
        .insertInto('userCommand')
        .values({ userId: managerId, commandId: Number(row.id) })
        .execute();
    }

    const attribute = await trx
      .insertInto('computedAttributes')
      .values({
        description: 'Motor ligado (ignição e tensão acima de 12 V)',
        attribute: 'engineOn',
        expression: 'ignition && power != null && power > 12',
        type: 'boolean',
        priority: 0,
        attributes: toJson({}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attributeId = Number(attribute.id);
    await trx.insertInto('userComputedAttribute').values({ userId: managerId, attributeId }).execute();
    await trx.insertInto('groupComputedAttribute').values({ groupId, attributeId }).execute();

    const report = await trx
      .insertInto('traccarReports')
      .values({
        type: 'summary',
        description: 'Resumo diário do grupo',
        calendarId,
        attributes: toJson({}),
        checkedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reportId = Number(report.id);
    await trx.insertInto('userTraccarReport').values({ userId: managerId, reportId }).execute();
    await trx.insertInto('groupTraccarReport').values({ groupId, reportId }).execute();
    return { calendarId, commandIds, attributeId, reportId };
  });
}
