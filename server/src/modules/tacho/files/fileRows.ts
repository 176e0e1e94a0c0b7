/**
 * The rows of `GET /report/api.php/tacho_files` (document 3 §2, §3): the files the user sees, newest download
 * first, each with its entity's schedule and the staleness mark (the entity's newest file older than the
 * legal interval: 28 days for a driver card, 90 for a vehicle unit). An entity is a card or unit of one owner
 * (`owner.ts`): two clients' files bearing the same card number or plate never share a schedule or a date.
 */
import type { Db } from '../../../db/database';
import type { Scope } from '../../../auth/policy';
import { toIso } from '../../../db/mapping';
import { fileVisibility } from './visibility';
import { DEFAULT_PERIODICITY, type Periodicity } from './periodicity';

const DAY_MS = 86_400_000;
export const STALE_DAYS = { D: 28, V: 90 } as const;

export interface TachoFileRow {
  id: number;
  filename: string;
  name: string;
  file_type: 'D' | 'V';
  download_date: string;
  data_from: string | null;
  data_to: string | null;
  days: number;
  file_size: number;
  periodicity: Periodicity;
  custom_days: number | null;
  entity_id: string;
  entity_key: string;
  card_number: string | null;
  license_plate: string | null;
  vin: string | null;
  deviceId: number | null;
  driverId: number | null;
  generation: number;
  last_download: string;
  stale: boolean;
  stale_days: number;
}

const dayText = (ms: unknown): string | null => (ms == null ? null : toIso(Number(ms))!.slice(0, 10));
const idOrNull = (v: unknown): number | null => (v == null ? null : Number(v));

/** Case and accent insensitive text for the search. */
export const searchKey = (text: unknown): string =>
  String(text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export interface FileQuery {
  search?: string;
  ids?: readonly number[];
}

export async function listTachoFiles(
  db: Db,
  scope: Scope,
  query: FileQuery = {},
  now = Date.now(),
): Promise<TachoFileRow[]> {
  // asked by id: the rows of those files' entities, enough for their staleness
  let entityKeys: string[] | undefined;
  if (query.ids) {
    if (!query.ids.length) return [];
    entityKeys = [
      ...new Set(
        (
          await fileVisibility(
            db,
            scope,
            db.kysely
              .selectFrom('tachoFiles')
              .select('tachoFiles.entityKey')
              .where('tachoFiles.id', 'in', [...query.ids]),
          ).execute()
        ).map((r) => r.entityKey),
      ),
    ];
    if (!entityKeys.length) return [];
  }
  let q = fileVisibility(
    db,
    scope,
    db.kysely
      .selectFrom('tachoFiles')
      .select([
        'tachoFiles.id',
        'tachoFiles.fileName',
        'tachoFiles.fileType',
        'tachoFiles.entityKey',
        'tachoFiles.ownerKey',
        'tachoFiles.name',
        'tachoFiles.cardNumber',
        'tachoFiles.vrn',
        'tachoFiles.vin',
        'tachoFiles.deviceId',
        'tachoFiles.driverId',
        'tachoFiles.generation',
        'tachoFiles.downloadDate',
        'tachoFiles.dataFrom',
        'tachoFiles.dataTo',
        'tachoFiles.days',
        'tachoFiles.fileSize',
      ]),
  );
  if (entityKeys) q = q.where('tachoFiles.entityKey', 'in', entityKeys);
  const rows = await q.orderBy('tachoFiles.downloadDate', 'desc').orderBy('tachoFiles.id', 'desc').execute();

  // the newest download of each owner's entity among the files the user sees
  const newest = new Map<string, number>();
  for (const r of rows) {
    const at = Number(r.downloadDate);
    const key = scheduleKey(r.ownerKey, r.entityKey);
    if ((newest.get(key) ?? -Infinity) < at) newest.set(key, at);
  }
  const schedules = await schedulesOf(db, rows);

  const words = searchKey(query.search).trim();
  const ids = query.ids ? new Set(query.ids) : undefined;
  return rows
    .map((r): TachoFileRow => {
      const type = r.fileType === 'D' ? 'D' : 'V';
      const key = scheduleKey(r.ownerKey, r.entityKey);
      const last = newest.get(key)!;
      const staleDays = Math.floor((now - last) / DAY_MS);
      const schedule = schedules.get(key);
      return {
        id: Number(r.id),
        filename: r.fileName,
        name: r.name,
        file_type: type,
        download_date: toIso(Number(r.downloadDate))!,
        data_from: dayText(r.dataFrom),
        data_to: dayText(r.dataTo),
        days: Number(r.days),
        file_size: Number(r.fileSize),
        periodicity: (schedule?.periodicity as Periodicity | undefined) ?? DEFAULT_PERIODICITY,
        custom_days: schedule?.customDays ?? null,
        entity_id: r.entityKey.slice(2),
        entity_key: r.entityKey,
        card_number: r.cardNumber,
        license_plate: type === 'V' ? r.vrn : null,
        vin: r.vin,
        deviceId: idOrNull(r.deviceId),
        driverId: idOrNull(r.driverId),
        generation: Number(r.generation),
        last_download: toIso(last)!,
        stale: staleDays > STALE_DAYS[type],
        stale_days: staleDays,
      };
    })
    .filter((row) => !ids || ids.has(row.id))
    .filter(
      (row) =>
        !words ||
        [row.name, row.license_plate, row.vin, row.card_number, row.filename].some((t) =>
          searchKey(t).includes(words),
        ),
    );
}

const CHUNK = 500;

const scheduleKey = (ownerKey: string, entityKey: string) => `${ownerKey}\n${entityKey}`;

/** The schedules of the owners' entities of these files, by `scheduleKey`. */
async function schedulesOf(
  db: Db,
  files: readonly { ownerKey: string; entityKey: string }[],
): Promise<Map<string, { periodicity: string; customDays: number | null }>> {
  const out = new Map<string, { periodicity: string; customDays: number | null }>();
  const owners = [...new Set(files.map((f) => f.ownerKey))];
  const entities = new Set(files.map((f) => f.entityKey));
  for (let i = 0; i < owners.length; i += CHUNK) {
    const rows = await db.kysely
      .selectFrom('tachoSchedules')
      .select(['ownerKey', 'entityKey', 'periodicity', 'customDays'])
      .where('ownerKey', 'in', owners.slice(i, i + CHUNK))
      .execute();
    for (const r of rows)
      if (entities.has(r.entityKey))
        out.set(scheduleKey(r.ownerKey, r.entityKey), {
          periodicity: r.periodicity,
          customDays: r.customDays == null ? null : Number(r.customDays),
        });
  }
  return out;
}

/** The owner and entity of a file the scope sees (whose schedule a change of it sets), else undefined. */
export async function fileEntity(
  db: Db,
  scope: Scope,
  id: number,
): Promise<{ ownerKey: string; entityKey: string } | undefined> {
  return fileVisibility(
    db,
    scope,
    db.kysely
      .selectFrom('tachoFiles')
      .select(['tachoFiles.ownerKey', 'tachoFiles.entityKey'])
      .where('tachoFiles.id', '=', id),
  ).executeTakeFirst();
}
