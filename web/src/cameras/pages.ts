/** Camera screens by route path (the routes are in area.ts). Built by issue 21. */
import type { PageTable } from '../session/areas';
import { CameraImagesPage } from './CameraImagesPage';
import { CamerasPage } from './CamerasPage';

export const CAMERA_PAGES: PageTable = {
  '/settings/cameras': CamerasPage,
  '/settings/camera_images/:id?': CameraImagesPage,
};
