import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import { canOpenRoute, firstMenuPath } from '../session/permissions';
import { AREAS, ROUTES } from '../app/areas';
import { popupOptions } from '../live/popupOptions';
import { REPLAY_PAGES } from './pages';

const replay = ROUTES.find((route) => route.path === '/replay')!;
const user = (email: string, attributes: User['attributes']): User => ({
  id: 7,
  name: 'U',
  email,
  attributes,
});

describe('replay access', () => {
  it('needs map.history and lets temporary users in only with allowHistory', () => {
    expect(canOpenRoute(user('a@b.c', { permissions: ['map.history'] }), replay)).toBe(true);
    expect(canOpenRoute(user('a@b.c', { permissions: ['map.online'] }), replay)).toBe(false);
    expect(canOpenRoute(user('temp_x@b.c', { allowHistory: true }), replay)).toBe(true);
    const temporary = user('temp_x@b.c', {});
    expect(canOpenRoute(temporary, replay)).toBe(false);
    // the route gate sends a refused user to the first menu entry: the online map for a temporary user
    expect(firstMenuPath(ROUTES, temporary)).toBe('/');
  });

  it('is the screen of /replay and reached from the vehicle popup', () => {
    expect(REPLAY_PAGES['/replay']).toBeDefined();
    const device = { id: 1, name: 'A', uniqueId: '1', attributes: {} };
    expect(popupOptions(user('a@b.c', { permissions: ['map.history'] }), device, AREAS)).toContain('history');
  });
});
