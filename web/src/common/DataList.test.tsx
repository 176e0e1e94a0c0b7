import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import '../app/i18n';
import type { User } from '../api/types';
import { SessionContext } from '../session/sessionContext';
import { DataList } from './DataList';

type Row = { id: number; name: string; active: boolean };
const rows: Row[] = [
  { id: 1, name: 'Camião', active: true },
  { id: 2, name: 'Jeep', active: false },
];
const columns: GridColDef<Row>[] = [{ field: 'name', headerName: 'Nome', width: 200 }];

function show(user: User) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={{ user, setUser: () => undefined }}>
        <MemoryRouter>
          <div style={{ width: 800, height: 600 }}>
            <DataList
              rows={rows}
              columns={columns}
              exportName="Test"
              editPath="/settings/x"
              canAdd
              canEdit
              canRemove
              onRemove={async () => undefined}
              rowActive={(row) => row.active}
            />
          </div>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

const user = (extra: Partial<User> = {}): User => ({
  id: 9,
  name: 'A',
  email: 'a@x.ao',
  attributes: {},
  ...extra,
});
const actionsOf = (name: string) => {
  const row = screen.getByText(name).closest('.MuiDataGrid-row');
  return ['list-edit', 'list-remove'].filter((id) => row?.querySelector(`[data-testid="${id}"]`));
};

describe('DataList actions (document 1 §4, §6)', () => {
  it('offers add, and edit and remove on active rows only, to a user who may write', async () => {
    show(user());
    await screen.findByText('Camião');
    expect(screen.getAllByTestId('list-add')).toHaveLength(1);
    expect(actionsOf('Camião')).toEqual(['list-edit', 'list-remove']);
    expect(actionsOf('Jeep')).toEqual([]);
    expect(document.querySelector('[data-field="actions"]')).not.toBeNull();
  });
  it.each([
    ['a read-only user', user({ readonly: true })],
    ['a read-only manager', user({ readonly: true, userLimit: 100 })],
    ['a temporary user', user({ email: 'temp_abc' })],
  ])('offers %s no add, edit or remove, and no actions column', async (_, who) => {
    show(who);
    await screen.findByText('Camião');
    expect(screen.queryAllByText('Jeep')).toHaveLength(1);
    for (const id of ['list-add', 'list-edit', 'list-remove'])
      expect(screen.queryAllByTestId(id)).toEqual([]);
    expect(document.querySelector('[data-field="actions"]')).toBeNull();
    // search and export stay: the list is how they read the items
    expect(screen.queryAllByTestId('list-export')).toHaveLength(1);
  });
});
