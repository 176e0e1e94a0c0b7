/** The camera module's manifest (see session/areas.ts): its screens, and the camera dialog it lends the map. */
import { lazy } from 'react';
import { queryKeys } from '../api/queries';
import type { AreaManifest } from '../session/areas';
import { appRoute } from '../session/routes';

const MEDIA_PATH = '/settings/camera_images/:id?';

export const CAMERAS_AREA: AreaManifest = {
  id: 'cameras',
  routes: [
    appRoute('/settings/cameras', 'module.cameras', 'modules', 'route.cameras', { menu: 30 }),
    appRoute(MEDIA_PATH, 'module.cameras', 'modules', 'route.camera_images'),
  ],
  pages: () => import('./pages').then((m) => m.CAMERA_PAGES),
  // A photo or video stored, converted or removed shows at once in an open camera list or dialog.
  live: [{ kinds: ['cameraMedia'], queryKey: queryKeys.cameraMedia, when: 'now' }],
  // The live map popup's Cameras entry, offered to whoever may open the vehicle's media list; the dialog is
  // its own chunk, loaded on the first open, not with the map.
  vehicleDialogs: [{ id: 'cameras', path: MEDIA_PATH, Dialog: lazy(() => import('./CameraDialog')) }],
};
