/**
 * Management data for the demo fleet (issue 17): maintenance history with a periodicity, one vehicle in the
 * workshop, one on automatic maintenance, costs with expiries (some past, some soon, some far) and documents
 * with a small generated PDF or PNG. Called once by tools/src/seedDemo.ts after the vehicles exist.
 */
import type { Insertable } from 'kysely';
import { addDays, hourMeter, vehicleOdometerKm } from '@frota/core';
import type { Db } from '../../db/database';
import type { MaintenancesTable } from '../../db/managementTables';
import { fromBool, parseJson, toJson } from '../../db/mapping';
import { samplePdf, samplePng } from './sampleFiles';

const WORKSHOPS = ['Oficina Central Luanda', 'Auto Viana', 'Mecânica do Cazenga', 'Toyota Angola'];
const INSURERS = ['ENSA Seguros', 'Fidelidade Angola', 'Nossa Seguros'];

/** A maintenance entry of the seed, before the columns every entry of a vehicle shares. */
type SeedMaintenance = Omit<
  Insertable<MaintenancesTable>,
  'deviceId' | 'userId' | 'templateId' | 'type' | 'attributes'
>;

async function currentKm(db: Db, deviceId: number): Promise<{ km: number; hours: number | null }> {
  const row = await db.kysely
    .selectFrom('devices')
    .leftJoin('positions', 'positions.id', 'devices.positionId')
    .select(['positions.attributes as attributes'])
    .where('devices.id', '=', deviceId)
    .executeTakeFirst();
  const attributes = parseJson(row?.attributes);
  const km = vehicleOdometerKm(attributes) ?? 0;
  return { km: Math.round(km), hours: hourMeter(attributes) ?? null };
}

async function deviceAttributes(db: Db, deviceId: number): Promise<Record<string, unknown>> {
  const device = await db.kysely
    .selectFrom('devices')
    .select('attributes')
    .where('id', '=', deviceId)
    .executeTakeFirst();
  return parseJson(device?.attributes);
}

async function setDeviceAttributes(db: Db, deviceId: number, attributes: Record<string, unknown>) {
  await db.kysely
    .updateTable('devices')
    .set({ attributes: toJson(attributes) })
    .where('id', '=', deviceId)
    .execute();
}

/**
 * Km left to each vehicle's next maintenance, days left on its insurance and on its inspection certificate:
 * most far off, a few soon, a few past due, as in a fleet that is looked after (the tables' lengths differ
 * so the combinations vary). The vehicles the seed marked `in_maintenance` are in the workshop.
 */
const KM_LEFT = [6200, 11800, 3400, 800, 9100, 14500, 4700, 7600, 2900, -450, 8300, 5200, 12600];
const INSURANCE_DAYS = [200, 160, 12, 300, -5, 240, 330, 45, 120, 270, 180, 75];
const INSPECTION_DAYS = [150, 400, 220, 95, 310, 20, 260, 130, 380];
/** days the demo's vehicles in the workshop have been there (the simulator's DEMO_WORKSHOP_DAYS) */
const WORKSHOP_DAYS = 3;
/** km a demo vehicle drives a day (about 8,500 in 90 days, as the refills' demo has them) */
const DEMO_DAILY_KM = 94;

export async function seedManagementDemo(db: Db, deviceIds: number[], now: number): Promise<void> {
  const today = new Date(now).toISOString().slice(0, 10);
  const bool = (v: boolean) => fromBool(db.dialect, v);
  for (const [i, deviceId] of deviceIds.entries()) {
    const { km, hours } = await currentKm(db, deviceId);
    const period = [10000, 15000, 20000][i % 3];
    const lastKm = Math.max(0, km - (period - KM_LEFT[i % KM_LEFT.length]));
    // dates as far back as the km driven since, at the demo fleet's pace (the refills and the history agree)
    const daysBack = (since: number) => Math.min(330, Math.max(7, Math.round((km - since) / DEMO_DAILY_KM)));
    const lastDays = daysBack(lastKm);
    // the service before it, a period earlier, when the odometer goes back that far; else a yearly one
    const earlierKm = lastKm - period;
    const earlierDays = earlierKm > 0 ? Math.max(lastDays + 30, daysBack(earlierKm)) : 365;
    const maintenances: SeedMaintenance[] = [
      {
        dateStart: addDays(today, -earlierDays),
        dateEnd: addDays(today, -earlierDays + 2),
        complete: bool(true),
        description: earlierKm > 0 ? 'Revisão geral e mudança de óleo' : 'Inspecção anual e revisão geral',
        km: earlierKm > 0 ? earlierKm : null,
        periodicityKm: earlierKm > 0 ? period : null,
        hours: null,
        periodicityHours: null,
        location: WORKSHOPS[i % WORKSHOPS.length],
        cost: 85000 + i * 1250.5,
        invoice: `FT ${addDays(today, -earlierDays).slice(0, 4)}/${1200 + i}`,
      },
      {
        dateStart: addDays(today, -lastDays),
        dateEnd: addDays(today, -lastDays + 1),
        complete: bool(true),
        description: 'Mudança de óleo, filtros e pastilhas de travão',
        km: lastKm,
        periodicityKm: period,
        hours: hours != null ? Math.max(0, Math.round(hours) - 200) : null,
        periodicityHours: hours != null ? 500 : null,
        location: WORKSHOPS[(i + 1) % WORKSHOPS.length],
        cost: 120000 + i * 2100.75,
        invoice: `FT ${addDays(today, -lastDays).slice(0, 4)}/${300 + i}`,
      },
    ];
    // the vehicles the fleet's seed marked in the workshop (the live map's wrench counts them; the simulator
    // parks them since they went in): an entry still open since then
    const attributes = await deviceAttributes(db, deviceId);
    if (Number(attributes.in_maintenance) === 1)
      maintenances.push({
        dateStart: addDays(today, -WORKSHOP_DAYS),
        dateEnd: null,
        complete: bool(false),
        description: 'Substituição da embraiagem',
        km,
        periodicityKm: null,
        hours: null,
        periodicityHours: null,
        location: WORKSHOPS[0],
        cost: null,
        invoice: '',
      });
    await db.kysely
      .insertInto('maintenances')
      .values(
        maintenances.map((m) => ({
          ...m,
          deviceId,
          userId: null,
          templateId: null,
          type: 'totalDistance',
          attributes: toJson({}),
        })),
      )
      .execute();

    if (i % 4 === 3)
      await setDeviceAttributes(db, deviceId, {
        ...attributes,
        automaticMaintenance: 'automatic',
        automaticMaintenancePeriodicity: period,
      });

    const insuranceExpiry = addDays(today, INSURANCE_DAYS[i % INSURANCE_DAYS.length]);
    await db.kysely
      .insertInto('costs')
      .values([
        {
          deviceId,
          costDate: addDays(insuranceExpiry, -365),
          costType: 'insurance',
          entity: INSURERS[i % INSURERS.length],
          designation: 'Seguro automóvel anual (danos próprios)',
          invoice: `AP-${5000 + i}`,
          cost: 350000 + i * 5000,
          warning: bool(true),
          expiryDate: insuranceExpiry,
        },
        {
          deviceId,
          costDate: addDays(today, -30 - i),
          costType: 'tax',
          entity: 'AGT — Administração Geral Tributária',
          designation: 'Taxa de circulação',
          invoice: `TC-${8000 + i}`,
          cost: 18500,
          warning: bool(true),
          expiryDate: addDays(today, 335 - i),
        },
        {
          deviceId,
          costDate: addDays(today, -7 - (i % 10)),
          costType: 'cleaning',
          entity: 'Lava-Jato Talatona',
          designation: 'Lavagem completa',
          invoice: '',
          cost: 7500,
          warning: bool(false),
          expiryDate: null,
        },
      ])
      .execute();

    const documents = [
      {
        type: 'insurance',
        designation: 'Apólice de seguro',
        file: samplePdf(`Apolice de seguro - viatura ${deviceId}`),
        fileType: 'pdf',
        expiry: insuranceExpiry,
      },
      {
        type: 'inspection',
        designation: 'Certificado de inspecção periódica',
        file: samplePng(320, 240, [40, 90, 160]),
        fileType: 'png',
        expiry: addDays(today, INSPECTION_DAYS[i % INSPECTION_DAYS.length]),
      },
    ];
    for (const [j, d] of documents.entries()) {
      await db.kysely.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('documents')
          .values({
            deviceId,
            creationdate: now - (60 - j) * 86_400_000,
            dateStart: addDays(today, -60 + j),
            documentType: d.type,
            designation: d.designation,
            fileType: d.fileType,
            fileName: `${d.type}.${d.fileType}`,
            fileSize: d.file.length,
            warning: bool(true),
            expiryDate: d.expiry,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('documentFiles')
          .values({ documentId: Number(row.id), content: d.file })
          .execute();
      });
    }
  }
}
