/** The Traccar API's parts beyond the core: its routes and the scheduled report e-mails. */
import type { ServerModule } from '../../manifest/serverModule';
import { traccarRoutes } from './routes';
import { startScheduledReports } from './scheduled/reportJob';

export const traccarModule: ServerModule = {
  name: 'traccar',
  routes: traccarRoutes,
  start({ services, log, listening }) {
    if (!listening) return {};
    const job = startScheduledReports(services, {
      intervalMs: services.config.jobIntervalMs,
      onError: (err) => log.error({ err }, 'traccar scheduled reports'),
      onSent: (sent) => {
        for (const s of sent.filter((s) => s.status !== 'sent'))
          log.warn(s, 'traccar scheduled report not sent');
      },
    });
    return { stop: () => job.stop() };
  },
};
