/** Precomputed trips and stops: the job that keeps them up to date, fed the positions this node stores. */
import type { Dialect } from '../../db/database';
import type { ServerModule } from '../../manifest/serverModule';
import { RecentPositions } from '../../track/segments/recentPositions';
import { SEGMENTS_INTERVAL_MS, startSegmentJob } from './job';

/**
 * The records this node stores, kept from its start: the job's first run takes them rather than reading
 * back what came in before it (they are let go unless this node's job runs within three intervals).
 */
export function keptFromStart(dialect: Dialect): RecentPositions {
  const recent = new RecentPositions(dialect);
  recent.keepFor(3 * SEGMENTS_INTERVAL_MS);
  return recent;
}

export const segmentsModule: ServerModule = {
  name: 'segments',
  start({ services, log, listening }) {
    if (!listening) return {};
    const recent = keptFromStart(services.db.dialect);
    const job = startSegmentJob(services.db, { recent, onError: (err) => log.error({ err }, 'segments') });
    return {
      onStored: (positions, _devices, positionIds) => recent.add(positions, positionIds),
      stop: () => job.stop(),
    };
  },
};
