/**
 * passenger_vehicle, `Recolhas por veículo` (ReportVersion 1): per vehicle asked that picked someone up in
 * the period, one row per pickup, in time order, and the count.
 */
import { counted, col, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import { periodText, vehicleText } from '../../builders/common';
import { loadPickups, passengerFilterText, pickedPassengers } from './pickupLines';

export const VEHICLE_TITLE = 'Recolhas por veículo';

export const PASSENGER_VEHICLE_COLUMNS = [
  col('Data', 'datetime'),
  col('Passageiro'),
  col('Cartão'),
  col('Grupo'),
  col('Local'),
];

export async function passengerVehicleReport(ctx: ReportContext): Promise<ReportResult[]> {
  const picked = await pickedPassengers(ctx);
  const lines = await loadPickups(ctx, picked);
  const out: ReportResult[] = [];
  for (const v of ctx.vehicles) {
    const own = lines.filter((l) => l.deviceId === v.id);
    if (!own.length) continue;
    const data = own.map((l): Cell[] => [
      ctx.zone.dateTime(l.time),
      l.passenger,
      l.cardId,
      l.groupName,
      l.place,
    ]);
    const people = new Set(own.map((l) => l.cardId)).size;
    out.push(
      table({
        report: 'passenger_vehicle',
        deviceId: v.id,
        title: `${VEHICLE_TITLE} - ${v.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(v),
        subtitle3: passengerFilterText(picked),
        columns: PASSENGER_VEHICLE_COLUMNS,
        data,
        footer: [
          [
            'Total',
            counted(own.length, 'recolha', 'recolhas'),
            counted(people, 'passageiro', 'passageiros'),
            '',
            '',
          ],
        ],
      }),
    );
  }
  return out;
}
