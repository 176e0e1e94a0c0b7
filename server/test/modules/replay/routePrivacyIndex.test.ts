import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../harness';
import { migrateToLatest } from '../../../src/db/migrate';
import { privacyQuery } from '../../../src/modules/replay/routeRead';

describe('the route read asks the privacy of its positions', () => {
  it('through the partial index of the positions that carry it, not the whole period', async () => {
    const fresh = await freshDatabase('sqlite');
    try {
      await migrateToLatest(fresh.db);
      const plan = fresh.db
        .sqlite!.prepare(`EXPLAIN QUERY PLAN ${privacyQuery(fresh.db)}`)
        .all(1, 0, 1) as Array<{ detail: string }>;
      expect(plan.map((step) => step.detail).join('\n')).toMatch(
        /USING INDEX positions_private \(device_id=\? AND fix_time>\? AND fix_time<\?\)/,
      );
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
