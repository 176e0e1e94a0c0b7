/**
 * passenger_passenger, `Recolhas por passageiro` (ReportVersion 3): per passenger picked up by the vehicles
 * asked in the period (the passengers picked in the filter, in that order; else every one, by name, then the
 * unknown cards by number), one row per pickup in time order, and the totals.
 */
import { counted, col, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import { periodText } from '../../builders/common';
import { loadPickups, passengerFilterText, pickedPassengers, type PickupLine } from './pickupLines';

export const PASSENGER_TITLE = 'Recolhas por passageiro';

export const PASSENGER_PASSENGER_COLUMNS = [
  col('Data', 'datetime'),
  col('Veículo'),
  col('Matrícula'),
  col('Local'),
];

/** A registered passenger by id; an unknown card by its number. */
const keyOf = (l: PickupLine): string => (l.passengerId !== null ? `p${l.passengerId}` : `c${l.cardId}`);

const personText = (l: PickupLine): string =>
  l.passengerId === null
    ? `Cartão: ${l.cardId} · Passageiro não registado`
    : `Cartão: ${l.cardId}` + (l.groupName ? ` · Grupo: ${l.groupName}` : '');

export async function passengerPassengerReport(ctx: ReportContext): Promise<ReportResult[]> {
  const picked = await pickedPassengers(ctx);
  const lines = await loadPickups(ctx, picked);
  const groups = new Map<string, PickupLine[]>();
  for (const l of lines) {
    const list = groups.get(keyOf(l));
    if (list) list.push(l);
    else groups.set(keyOf(l), [l]);
  }
  const order = picked.length
    ? picked.map((p) => `p${p.id}`).filter((k) => groups.has(k))
    : [...groups.keys()].sort((a, b) => {
        const [x, y] = [groups.get(a)![0], groups.get(b)![0]];
        if ((x.passengerId === null) !== (y.passengerId === null)) return x.passengerId === null ? 1 : -1;
        return x.passenger.localeCompare(y.passenger, 'pt') || a.localeCompare(b);
      });
  const vehicles = new Map(ctx.vehicles.map((v) => [v.id, v]));
  return order.map((key) => {
    const own = groups.get(key)!;
    const first = own[0];
    const data = own.map((l): Cell[] => {
      const v = vehicles.get(l.deviceId)!;
      return [ctx.zone.dateTime(l.time), v.name, v.plate, l.place];
    });
    const used = new Set(own.map((l) => l.deviceId)).size;
    return table({
      report: 'passenger_passenger',
      title: `${PASSENGER_TITLE} - ${first.passenger}`,
      subtitle: periodText(ctx),
      subtitle2: personText(first),
      subtitle3: passengerFilterText(picked),
      columns: PASSENGER_PASSENGER_COLUMNS,
      data,
      footer: [
        ['Total', counted(own.length, 'recolha', 'recolhas'), counted(used, 'veículo', 'veículos'), ''],
      ],
    });
  });
}
