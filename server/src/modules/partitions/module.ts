/** Monthly position partitions (PostgreSQL) and their retention: the job that keeps them. */
import type { ServerModule } from '../../manifest/serverModule';
import { startPartitionMaintainer } from './partitionJob';

export const partitionsModule: ServerModule = {
  name: 'partitions',
  start({ services, log, listening }) {
    if (!listening) return {};
    const job = startPartitionMaintainer(services.db, {
      retentionMonths: services.config.retentionMonths,
      log: log.child({ component: 'partitions' }),
      onError: (err) => log.error({ err }, 'partitions'),
    });
    return { stop: () => job.stop() };
  },
};
