/** Maintenance entries of a vehicle (document 3 §2, §3, §4, §5) over the `maintenances` table. */
import { validateMaintenance } from '@frota/core';
import { accepted, vehicleRow, type Context, type Resource } from './crud';
import { insertMaintenance, listMaintenances, maintenanceColumns, maintenanceJson } from './maintenanceRows';
import { maintenanceAnswer } from './schemas';
import { deleteVehicleEntry } from './sharedMaintenance';

const values = (body: Record<string, unknown>) => accepted(validateMaintenance(body));
const row = (c: Context, id: number) => vehicleRow(c, 'maintenances', id);

export const maintenanceResource: Resource = {
  path: 'maintenance',
  what: 'maintenance entry',
  answer: maintenanceAnswer,
  bodyDescription:
    'JSON { date_start, date_end, complete (0/1), description, km, periodicity_km, hours, periodicity_hours, ' +
    'location, cost, invoice }. Numbers accept a decimal comma. complete=0 clears date_end. 400 messages: ' +
    'Deve indicar os km, Os km devem ser numéricos, Deve indicar a descrição, Deve indicar a data de início, ' +
    'Deve indicar a data de fim, O custo deve ser numérico, A periodicidade deve ser numérica, As horas devem ser numéricas.',
  list: async (c, period) =>
    (await listMaintenances(c.db, c.vehicle.id, period)).map((r) => maintenanceJson(r, c.today)),
  get: async (c, id) => maintenanceJson(await row(c, id), c.today),
  create: (c, body) => insertMaintenance(c.db, c.vehicle.id, c.scope.user.id, values(body)),
  update: async (c, id, body) => {
    const v = values(body);
    await row(c, id);
    await c.db.kysely
      .updateTable('maintenances')
      .set(maintenanceColumns(c.db, v))
      .where('id', '=', id)
      .where('deviceId', '=', c.vehicle.id)
      .execute();
  },
  // a root shared with other vehicles hands its role to a copy: only this vehicle's entry goes (issue 33)
  remove: async (c, id) => {
    await row(c, id);
    await deleteVehicleEntry(c.db, id, c.vehicle.id);
  },
};
