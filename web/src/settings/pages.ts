/** Settings screens by route path (see app/routes.ts for the paths). */
import type { ComponentType } from 'react';
import { UserEditPage } from './UserEditPage';
import { UsersPage } from './UsersPage';

export const SETTINGS_PAGES: Record<string, ComponentType> = {
  '/settings/users': UsersPage,
  '/settings/user/:id?': UserEditPage,
};
