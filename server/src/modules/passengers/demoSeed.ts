/**
 * Demo passenger control (`npm run demo`): each school bus gets its pupils, a group of its own under the
 * bus's group ("Alunos - {bus}", so whoever sees the bus sees them), about eight passengers with the cards
 * the simulator reads at the bus's stops, and the morning rounds of the last working days as pickups, so
 * the pickup reports have rows before the simulator has driven a round. Idempotent: nothing is added when
 * a passenger already holds the first card.
 */
import type { Db } from '../../db/database';
import { parseJson, toJson } from '../../db/mapping';

export interface DemoSchoolBus {
  deviceId: number;
  /** the cards of the bus's passengers, in the order the simulator's profile holds them */
  cards: readonly string[];
}

const FIRST = ['Ana', 'Bruno', 'Celeste', 'Daniel', 'Esperança', 'Filipe', 'Graça', 'Helder', 'Inês', 'Joel'];
const LAST = ['Mendes', 'Lopes', 'Tavares', 'Kiala', 'Baptista', 'Miranda', 'Sebastião', 'Quintas'];

const DAY = 86_400_000;
/** Luanda is UTC+1 all year: the morning round leaves at 06:30 local time. */
const ROUND_START_UTC_MS = 5.5 * 3_600_000;
const STOP_MS = 6 * 60_000;
const PASSENGERS_PER_STOP = 3;
const WORKING_DAYS = 5;

async function lastPlace(db: Db, deviceId: number) {
  const row = await db.kysely
    .selectFrom('devices')
    .leftJoin('positions', 'positions.id', 'devices.positionId')
    .select(['devices.name', 'devices.groupId', 'positions.latitude', 'positions.longitude'])
    .where('devices.id', '=', deviceId)
    .executeTakeFirst();
  return {
    name: String(row?.name ?? `Autocarro ${deviceId}`),
    groupId: row?.groupId === null || row?.groupId === undefined ? null : Number(row.groupId),
    latitude: Number(row?.latitude ?? -8.84),
    longitude: Number(row?.longitude ?? 13.23),
  };
}

/** The last `count` working days (Monday to Friday) before `now`, as UTC midnights. */
function workingDaysBefore(now: number, count: number): number[] {
  const days: number[] = [];
  for (let day = Math.floor(now / DAY) * DAY - DAY; days.length < count; day -= DAY) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day);
  }
  return days.reverse();
}

export async function seedPassengersDemo(
  db: Db,
  buses: readonly DemoSchoolBus[],
  ownerId: number | null,
  now: number,
): Promise<boolean> {
  const k = db.kysely;
  const first = buses[0]?.cards[0];
  if (!first) return false;
  if (await k.selectFrom('passengers').select('id').where('cardId', '=', first).executeTakeFirst())
    return false;
  let n = 0;
  for (const bus of buses) {
    const place = await lastPlace(db, bus.deviceId);
    await k
      .updateTable('devices')
      .set({
        attributes: toJson({
          ...parseJson(
            (
              await k
                .selectFrom('devices')
                .select('attributes')
                .where('id', '=', bus.deviceId)
                .executeTakeFirst()
            )?.attributes,
          ),
          has_passengers: 1,
          has_rfid: 1,
        }),
      })
      .where('id', '=', bus.deviceId)
      .execute();
    const group = await k
      .insertInto('groups')
      .values({ name: `Alunos - ${place.name}`, groupId: place.groupId, attributes: toJson({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const cardId of bus.cards) {
      const row = await k
        .insertInto('passengers')
        .values({
          name: `${FIRST[n % FIRST.length]} ${LAST[(n * 3 + 1) % LAST.length]}`,
          cardId,
          groupId: Number(group.id),
          phone: `92410${String(2000 + n)}`,
          notes: n % 4 === 0 ? 'Encarregado de educação avisado por SMS' : '',
          attributes: toJson({}),
          userId: ownerId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
      n++;
    }
    // the morning rounds: a stop every six minutes, three pupils boarding at each, 20 s apart
    const pickups = workingDaysBefore(now, WORKING_DAYS).flatMap((day) =>
      bus.cards.map((cardId, i) => {
        const stop = Math.floor(i / PASSENGERS_PER_STOP);
        return {
          deviceId: bus.deviceId,
          passengerId: ids[i],
          cardId,
          time: day + ROUND_START_UTC_MS + stop * STOP_MS + (i % PASSENGERS_PER_STOP) * 20_000,
          latitude: place.latitude + stop * 0.004,
          longitude: place.longitude + stop * 0.003,
          address: null,
        };
      }),
    );
    if (pickups.length) await k.insertInto('passengerPickups').values(pickups).execute();
  }
  return true;
}
