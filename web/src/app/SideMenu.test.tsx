import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import './i18n';
import { buildMenu } from '../session/permissions';
import { ROUTES } from './areas';
import { SideMenu } from './SideMenu';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

afterEach(cleanup);

describe('SideMenu', () => {
  it('renders one entry per enabled route with its path, then help', () => {
    const sections = buildMenu(ROUTES, {
      id: 1,
      name: 'Ana',
      email: 'ana@x',
      attributes: { permissions: ['settings.users', 'reports.trips'] },
    });
    const onClose = vi.fn();
    render(
      <MemoryRouter initialEntries={['/report/trips']}>
        <SideMenu open sections={sections} onClose={onClose} onContacts={() => undefined} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const items = screen.getAllByTestId('menu-item');
    expect(items.map((item) => item.getAttribute('data-path'))).toEqual(['/report/trips', '/settings/users']);
    expect(items.map((item) => item.textContent)).toEqual(['Viagens', 'Utilizadores']);
    // real links: they open in a new tab too
    expect(items.map((item) => [item.tagName, item.getAttribute('href')])).toEqual([
      ['A', '/report/trips'],
      ['A', '/settings/users'],
    ]);
    expect(screen.getByText('Relatórios')).toBeTruthy();
    expect(screen.getByTestId('menu-help-manual').getAttribute('href')).toBe('/manual/pt/');
    fireEvent.click(items[1]);
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/settings/users');
  });
});
