/**
 * Every cost line of the management reports (document 3 §3): maintenance entries with a cost, refills, and
 * the costs of the cost list (insurance, license, tax, cleaning, other), of the context's vehicles in the
 * period, dated by local calendar day.
 */
import type { ReportContext } from '../context';
import { pie, round, type PieSlice } from '../model';
import type { ReportCostType } from '../request';

export interface CostLine {
  deviceId: number;
  /** YYYY-MM-DD, the local day */
  date: string;
  type: ReportCostType;
  description: string;
  /** workshop, insurer or other entity; the station of a refill */
  entity: string;
  invoice: string;
  /** odometer km of a maintenance or a refill */
  km: number | null;
  /** litres of a refill */
  litres: number | null;
  cost: number;
}

/** The Portuguese names of the cost types (document 3, interface language tables). */
export const COST_LABELS: Record<ReportCostType, string> = {
  maintenance: 'Manutenção',
  refill: 'Abastecimento',
  insurance: 'Seguro',
  license: 'Licença',
  tax: 'Imposto',
  cleaning: 'Limpeza',
  other: 'Outro',
};

export const money = (v: number): number => round(v, 2);

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/**
 * The cost lines of the chosen types, sorted by day, vehicle (in the order asked) and kind. Maintenance is
 * dated by its start day (the entry's date in its list); refills by their local day. A maintenance entry
 * without a cost is no cost line.
 */
export async function costLines(ctx: ReportContext, types: readonly ReportCostType[]): Promise<CostLine[]> {
  const ids = ctx.vehicles.map((v) => v.id);
  if (!ids.length || !types.length) return [];
  const k = ctx.db.kysely;
  const fromDay = ctx.zone.dayKey(ctx.request.from);
  const toDay = ctx.zone.dayKey(ctx.request.to);
  const lines: CostLine[] = [];
  if (types.includes('maintenance')) {
    const rows = await k
      .selectFrom('maintenances')
      .select(['deviceId', 'dateStart', 'description', 'location', 'invoice', 'km', 'cost'])
      .where('deviceId', 'in', ids)
      .where('dateStart', '>=', fromDay)
      .where('dateStart', '<=', toDay)
      .where('cost', 'is not', null)
      .execute();
    for (const r of rows)
      lines.push({
        deviceId: Number(r.deviceId),
        date: r.dateStart.slice(0, 10),
        type: 'maintenance',
        description: r.description,
        entity: r.location ?? '',
        invoice: r.invoice ?? '',
        km: num(r.km),
        litres: null,
        cost: Number(r.cost),
      });
  }
  if (types.includes('refill')) {
    const rows = await k
      .selectFrom('refills')
      .leftJoin('refillStations', 'refillStations.id', 'refills.stationId')
      .select([
        'refills.deviceId',
        'refills.costDate',
        'refills.fuelType',
        'refills.siteName',
        'refillStations.name as stationName',
        'refills.invoice',
        'refills.km',
        'refills.litres',
        'refills.cost',
      ])
      .where('refills.deviceId', 'in', ids)
      .where('refills.costDate', '>=', ctx.request.from)
      .where('refills.costDate', '<=', ctx.request.to)
      .execute();
    for (const r of rows)
      lines.push({
        deviceId: Number(r.deviceId),
        date: ctx.zone.dayKey(Number(r.costDate)),
        type: 'refill',
        description:
          r.fuelType === 'gasoline' ? 'Gasolina' : r.fuelType === 'diesel' ? 'Gasóleo' : r.fuelType,
        entity: r.siteName || r.stationName || '',
        invoice: r.invoice ?? '',
        km: num(r.km),
        litres: num(r.litres),
        cost: Number(r.cost) || 0,
      });
  }
  const others = types.filter((t) => t !== 'maintenance' && t !== 'refill');
  if (others.length) {
    const rows = await k
      .selectFrom('costs')
      .select(['deviceId', 'costDate', 'costType', 'entity', 'designation', 'invoice', 'cost'])
      .where('deviceId', 'in', ids)
      .where('costDate', '>=', fromDay)
      .where('costDate', '<=', toDay)
      .where('costType', 'in', others)
      .execute();
    for (const r of rows)
      lines.push({
        deviceId: Number(r.deviceId),
        date: r.costDate.slice(0, 10),
        type: r.costType as ReportCostType,
        description: r.designation,
        entity: r.entity ?? '',
        invoice: r.invoice ?? '',
        km: null,
        litres: null,
        cost: Number(r.cost) || 0,
      });
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  const kind = (t: ReportCostType) => types.indexOf(t);
  return lines.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      order.get(a.deviceId)! - order.get(b.deviceId)! ||
      kind(a.type) - kind(b.type),
  );
}

/** Sums of cost by type, in the types' order. */
export function totalsByType(
  lines: CostLine[],
  types: readonly ReportCostType[],
): Map<ReportCostType, number> {
  const out = new Map<ReportCostType, number>(types.map((t) => [t, 0]));
  for (const l of lines) out.set(l.type, (out.get(l.type) ?? 0) + l.cost);
  return out;
}

/** The pie of costs by type: the types that cost something, their amounts with cents and shares. */
export function costPie(costs: Iterable<[ReportCostType, number]>): PieSlice[] | null {
  const slices = [...costs].filter(([, v]) => v > 0);
  const shares = pie(slices.map(([t, v]) => ({ label: COST_LABELS[t], value: v })));
  return shares && shares.map((s, i) => ({ ...s, value: money(slices[i][1]) }));
}
