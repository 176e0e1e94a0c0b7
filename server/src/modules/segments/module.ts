/** Precomputed trips and stops: the job that keeps them up to date, fed the positions this node stores. */
import type { ServerModule } from '../../manifest/serverModule';
import { RecentPositions } from '../../track/segments/recentPositions';
import { startSegmentJob } from './job';

export const segmentsModule: ServerModule = {
  name: 'segments',
  start({ services, log, listening }) {
    if (!listening) return {};
    const recent = new RecentPositions(services.db.dialect);
    const job = startSegmentJob(services.db, { recent, onError: (err) => log.error({ err }, 'segments') });
    return {
      onStored: (positions, _devices, positionIds) => recent.add(positions, positionIds),
      stop: () => job.stop(),
    };
  },
};
