import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import '../app/i18n';
import { SessionContext } from '../session/sessionContext';
import { DataList, type DataListProps } from './DataList';
import { useServerList, type ListPage, type ListQuery } from './useServerList';
import { asPhone } from './testPhone';

type Row = { id: number; name: string; km: number };
const rows: Row[] = [
  { id: 1, name: 'Camião', km: 120 },
  { id: 2, name: 'Jeep', km: 30 },
  { id: 3, name: 'Carrinha', km: 50 },
];
const columns: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Nome', width: 200 },
  { field: 'km', headerName: 'Km', width: 100 },
];
const user = { id: 9, name: 'A', email: 'a@x.ao', attributes: {} };

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={{ user, setUser: () => undefined }}>
        <MemoryRouter>
          <div style={{ width: 800, height: 600 }}>{children}</div>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>
  );
}

const show = (props: Partial<DataListProps<Row>>) =>
  render(
    <Frame>
      <DataList rows={rows} columns={columns} exportName="Test" {...props} />
    </Frame>,
  );

const rowOf = (name: string) => screen.getByText(name).closest('.MuiDataGrid-row') as HTMLElement;

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('DataList colours, count, selection and totals (issue 16 item 4)', { timeout: 20_000 }, () => {
  it('colours rows and cells by the screen rule', async () => {
    show({
      rowTone: (row) => (row.km > 100 ? 'error' : null),
      cellTone: (row, field) => (field === 'km' && row.km < 40 ? 'success' : undefined),
    });
    await screen.findByText('Camião');
    expect(rowOf('Camião').classList.contains('list-row-error')).toBe(true);
    expect(rowOf('Jeep').classList.contains('list-row-error')).toBe(false);
    expect(rowOf('Jeep').querySelector('[data-field="km"]')?.classList.contains('list-cell-success')).toBe(
      true,
    );
    expect(rowOf('Camião').querySelector('[data-field="km"]')?.classList.contains('list-cell-success')).toBe(
      false,
    );
  });

  it('shows the count of rows matching the search, and totals over them', async () => {
    show({
      showCount: true,
      totals: (shown) => [{ label: 'Km', value: String(shown.reduce((sum, row) => sum + row.km, 0)) }],
    });
    await screen.findByText('Camião');
    expect(screen.getByTestId('list-count').getAttribute('data-count')).toBe('3');
    expect(screen.getByTestId('list-total').textContent).toBe('Km: 200');
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'ca' } });
    await waitFor(() => expect(screen.getByTestId('list-count').getAttribute('data-count')).toBe('2'));
    expect(screen.getByTestId('list-total').textContent).toBe('Km: 170');
  });

  it('hands the ticked rows to the selection action', async () => {
    const onAction = vi.fn();
    show({ selectionAction: { label: 'Enviar', onAction } });
    await screen.findByText('Camião');
    const button = screen.getByTestId('list-selection-action') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(within(rowOf('Jeep')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Carrinha')).getByRole('checkbox'));
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(onAction.mock.calls[0][0].map((row: Row) => row.name).sort()).toEqual(['Carrinha', 'Jeep']);
  });

  it('on a phone, ticks cards and hands their rows to the action; an untitled column sits by the title', async () => {
    await asPhone(async () => {
      const onAction = vi.fn();
      const withButton: GridColDef<Row>[] = [
        { field: 'get', headerName: '', renderCell: ({ row }) => <a href={`/f/${row.id}`}>get</a> },
        ...columns,
      ];
      show({ columns: withButton, selectionAction: { label: 'Enviar', onAction } });
      const cards = await screen.findAllByTestId('list-card');
      expect(cards).toHaveLength(3);
      const card = (name: string) => cards.find((c) => c.textContent?.includes(name))!;
      // the title is the first titled column; the untitled one is a button beside it, not a detail
      expect(within(card('Jeep')).getByRole('link').getAttribute('href')).toBe('/f/2');
      expect(card('Jeep').querySelectorAll('.MuiTypography-caption')).toHaveLength(1);
      const button = screen.getByTestId('list-selection-action') as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      fireEvent.click(within(card('Jeep')).getByRole('checkbox'));
      fireEvent.click(within(card('Carrinha')).getByRole('checkbox'));
      fireEvent.click(within(card('Camião')).getByRole('checkbox'));
      fireEvent.click(within(card('Camião')).getByRole('checkbox'));
      await waitFor(() => expect(button.disabled).toBe(false));
      expect((within(card('Camião')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
      fireEvent.click(button);
      expect(onAction.mock.calls[0][0].map((row: Row) => row.name).sort()).toEqual(['Carrinha', 'Jeep']);
    });
  });

  it('titles the cards on a phone with the column the screen names', async () => {
    await asPhone(async () => {
      show({ cardTitle: 'km' });
      const cards = await screen.findAllByTestId('list-card');
      expect(cards[0].querySelector('.MuiTypography-root')?.textContent).toBe('120');
      expect([...cards[0].querySelectorAll('.MuiTypography-caption')].map((c) => c.textContent)).toEqual([
        'Nome',
      ]);
    });
  });

  it('on a phone, shows a worded text once (a vehicle named by its plate), figures even when equal', async () => {
    await asPhone(async () => {
      type Car = { id: number; vehicle: string; plate: string; litres: number; cost: number };
      const cars: Car[] = [
        { id: 1, vehicle: 'LD-21-47-LD', plate: 'LD-21-47-LD', litres: 25, cost: 25 },
        { id: 2, vehicle: 'Barco 1', plate: 'BARCO-23', litres: 30, cost: 90 },
      ];
      const carColumns: GridColDef<Car>[] = [
        { field: 'vehicle', headerName: 'Veículo', width: 150 },
        { field: 'plate', headerName: 'Matrícula', width: 150 },
        { field: 'litres', headerName: 'Litros', width: 100 },
        { field: 'cost', headerName: 'Custo', width: 100 },
      ];
      render(
        <Frame>
          <DataList rows={cars} columns={carColumns} exportName="Cars" />
        </Frame>,
      );
      const cards = await screen.findAllByTestId('list-card');
      const labels = (card: HTMLElement) =>
        [...card.querySelectorAll('.MuiTypography-caption')].map((c) => c.textContent);
      expect(labels(cards[0])).toEqual(['Litros', 'Custo']);
      expect(labels(cards[1])).toEqual(['Matrícula', 'Litros', 'Custo']);
    });
  });

  it('offers a refresh button only when asked', async () => {
    const onRefresh = vi.fn();
    show({ onRefresh, idPrefix: 'things' });
    await screen.findByText('Camião');
    fireEvent.click(screen.getByTestId('things-refresh'));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    cleanup();
    show({});
    await screen.findByText('Camião');
    expect(screen.queryAllByTestId('list-refresh')).toEqual([]);
  });
});

describe('DataList search kept between visits', { timeout: 20_000 }, () => {
  it('shows a list opened again with the search it had, per list key', async () => {
    show({ searchKey: 'vehicles' });
    await screen.findByText('Camião');
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'jeep' } });
    await waitFor(() => expect(screen.queryAllByText('Camião')).toEqual([]));
    cleanup();
    show({ searchKey: 'vehicles' });
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('jeep');
    await screen.findByText('Jeep');
    expect(screen.queryAllByText('Camião')).toEqual([]);
    cleanup();
    show({ searchKey: 'drivers' });
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('');
    cleanup();
    show({});
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('');
  });
});

describe('DataList server paging', { timeout: 20_000 }, () => {
  const many: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `V${i + 1}`, km: i }));
  const asked: ListQuery[] = [];
  const fetchPage = async (query: ListQuery): Promise<ListPage<Row>> => {
    asked.push(query);
    const found = many.filter((row) => row.name.toLowerCase().includes(query.search.toLowerCase()));
    const ordered = query.sort?.order === 'asc' ? found : [...found].reverse();
    return { total: found.length, data: ordered.slice(query.offset, query.offset + query.limit) };
  };

  function ServerDataList({ filter }: { filter: string }) {
    const server = useServerList({ queryKey: ['test', filter], fetchPage, pageSize: 10 });
    return (
      <DataList columns={columns} exportName="Test" server={server} showCount pageSizes={[10, 50, 100]} />
    );
  }

  it('asks the server for one page at a time and shows the total of every match', async () => {
    asked.length = 0;
    const view = render(
      <Frame>
        <ServerDataList filter="a" />
      </Frame>,
    );
    await screen.findByText('V25', undefined, { timeout: 5000 });
    expect(asked.at(-1)).toMatchObject({ offset: 0, limit: 10, search: '' });
    expect(screen.getByTestId('list-count').getAttribute('data-count')).toBe('25');
    expect(document.querySelectorAll('.MuiDataGrid-row').length).toBe(10);
    fireEvent.click(screen.getByRole('button', { name: /Próxima página/ }));
    await screen.findByText('V15');
    expect(asked.at(-1)).toMatchObject({ offset: 10, limit: 10 });
    expect(screen.queryAllByText('V25')).toEqual([]);

    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'V2' } });
    await waitFor(() => expect(screen.getByTestId('list-count').getAttribute('data-count')).toBe('7'));
    expect(asked.at(-1)).toMatchObject({ offset: 0, search: 'V2' });

    // Other filters go back to the first page.
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '' } });
    await screen.findByText('V25');
    fireEvent.click(screen.getByRole('button', { name: /Próxima página/ }));
    await waitFor(() => expect(asked.at(-1)?.offset).toBe(10));
    view.rerender(
      <Frame>
        <ServerDataList filter="b" />
      </Frame>,
    );
    await waitFor(() => expect(asked.at(-1)?.offset).toBe(0));
  });
});
