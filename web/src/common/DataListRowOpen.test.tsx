import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import '../app/i18n';
import { SessionContext } from '../session/sessionContext';
import { DataList } from './DataList';

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: 'Alarme SOS' },
  { id: 2, name: 'Excesso de velocidade' },
];
const columns: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Tipo', width: 200 },
  {
    field: 'status',
    headerName: 'Estado',
    width: 120,
    renderCell: () => (
      <button type="button" data-testid="status-chip">
        Novo
      </button>
    ),
  },
];

function show(onRowOpen: (row: Row) => void) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider
        value={{ user: { id: 9, name: 'A', email: 'a@x.ao', attributes: {} }, setUser: () => undefined }}
      >
        <MemoryRouter>
          <div style={{ width: 800, height: 600 }}>
            <DataList rows={rows} columns={columns} exportName="Events" onRowOpen={onRowOpen} />
          </div>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('a list whose rows open something (the alert centre opens the event)', () => {
  it('opens the row clicked anywhere but on its own buttons, and on Enter in one of its cells', async () => {
    const opened = vi.fn();
    show(opened);
    fireEvent.click(await screen.findByText('Excesso de velocidade'));
    expect(opened).toHaveBeenLastCalledWith(rows[1]);
    // the row's own control keeps its click to itself
    fireEvent.click(screen.getAllByTestId('status-chip')[0]);
    expect(opened).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByText('Alarme SOS'), { key: 'Enter' });
    expect(opened).toHaveBeenLastCalledWith(rows[0]);
    expect(opened).toHaveBeenCalledTimes(2);
  });
});
