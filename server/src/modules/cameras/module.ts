/** Cameras (DualCam): the media routes, the upload sink of FROTA_CAMERA_PORT and the video conversions. */
import type { ServerModule } from '../../manifest/serverModule';
import { camerasRoutes } from './routes';
import { cameraUploadSink } from './media/uploadSink';
import { startVideoConverter } from './media/conversionJob';

export const camerasModule: ServerModule = {
  name: 'cameras',
  routes: camerasRoutes,
  start({ services, log, node, listening, lookupAddress }) {
    if (!listening) return {};
    const cameraLog = log.child({ component: 'cameras' });
    const { db, live } = services;
    const videos = startVideoConverter({ db, live, log: cameraLog, holder: node });
    return {
      cameraSink: cameraUploadSink({
        db,
        live,
        log: cameraLog,
        lookup: lookupAddress,
        videoStored: () => videos.kick(),
      }),
      stop: () => videos.stop(),
      idle: () => videos.idle(),
    };
  },
};
