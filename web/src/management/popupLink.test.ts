import { describe, expect, it } from 'vitest';
import { AREAS } from '../app/areas';
import type { User } from '../api/types';
import { OPTION_PATHS, popupOptions } from '../live/popupOptions';
import { device } from '../live/testFleet';

const user = (permissions: string[]): User => ({
  id: 1,
  name: 'U',
  email: 'u@x.test',
  attributes: { permissions },
});

describe('the vehicle popup link to its maintenance (issue 17 point 6)', () => {
  it("goes to the vehicle's maintenance entries", () => {
    expect(OPTION_PATHS.maintenances(7)).toBe('/management/maintenances/7');
  });

  it('is offered only with management.summary', () => {
    const vehicle = device(7, 'V');
    expect(popupOptions(user(['map.online', 'management.summary']), vehicle, AREAS)).toContain(
      'maintenances',
    );
    expect(popupOptions(user(['map.online', 'module.refills']), vehicle, AREAS)).not.toContain(
      'maintenances',
    );
    expect(popupOptions(user(['map.online']), vehicle, AREAS)).not.toContain('maintenances');
  });
});
