/** Camera screens by route path (see session/routes.ts for the paths). Built by issue 21. */
import type { ComponentType } from 'react';
import { CameraImagesPage } from './CameraImagesPage';
import { CamerasPage } from './CamerasPage';

export const CAMERA_PAGES: Record<string, ComponentType> = {
  '/settings/cameras': CamerasPage,
  '/settings/camera_images/:id?': CameraImagesPage,
};
