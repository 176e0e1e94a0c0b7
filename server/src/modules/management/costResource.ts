/** Costs of a vehicle (document 3 §2, §3, §4, §5) over the `costs` table; newest first by cost_date. */
import { validateCost } from '@frota/core';
import { accepted, vehicleRow, type Context, type Resource } from './crud';
import { costColumns, costJson, listCosts } from './costRows';
import { costAnswer } from './schemas';

const values = (body: Record<string, unknown>) => accepted(validateCost(body));
const row = (c: Context, id: number) => vehicleRow(c, 'costs', id);

export const costResource: Resource = {
  path: 'cost',
  what: 'cost',
  answer: costAnswer,
  bodyDescription:
    'JSON { cost_date, cost_type (insurance, license, tax, cleaning, other), entity, designation (or ' +
    "description), invoice, cost (amount in the client's currency, decimal comma accepted), warning (0/1), " +
    'expiry_date (required when warning=1, cleared when 0) }. 400 messages: Deve indicar o custo, O custo deve ' +
    'ser numérico, Deve indicar a descrição, Deve indicar a data, Deve indicar o tipo de custo, Deve indicar a ' +
    'data de validade.',
  list: async (c, period) => (await listCosts(c.db, c.vehicle.id, period)).map((r) => costJson(r, c.today)),
  get: async (c, id) => costJson(await row(c, id), c.today),
  create: async (c, body) => {
    const inserted = await c.db.kysely
      .insertInto('costs')
      .values({ ...costColumns(c.db, values(body)), deviceId: c.vehicle.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  },
  update: async (c, id, body) => {
    const v = values(body);
    await row(c, id);
    await c.db.kysely
      .updateTable('costs')
      .set(costColumns(c.db, v))
      .where('id', '=', id)
      .where('deviceId', '=', c.vehicle.id)
      .execute();
  },
  remove: async (c, id) => {
    await row(c, id);
    await c.db.kysely.deleteFrom('costs').where('id', '=', id).where('deviceId', '=', c.vehicle.id).execute();
  },
};
