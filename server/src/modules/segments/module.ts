/** Precomputed trips and stops: the job that keeps them up to date. */
import type { ServerModule } from '../../manifest/serverModule';
import { startSegmentJob } from './job';

export const segmentsModule: ServerModule = {
  name: 'segments',
  start({ services, log, listening }) {
    if (!listening) return {};
    const job = startSegmentJob(services.db, { onError: (err) => log.error({ err }, 'segments') });
    return { stop: () => job.stop() };
  },
};
