import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18n from '../app/i18n';
import { SessionContext } from '../session/sessionContext';
import { DataList } from '../common/DataList';
import { formatDate, formatDateTime } from '../common/formatters';
import { asPhone } from '../common/testPhone';
import { driverColumns } from './driverColumns';
import { toDriverRow, type TachoDriverRow } from './driverRows';
import { fileColumns } from './fileColumns';
import { TACHO_ROW_HEIGHT } from './tachoGrid';
import type { TachoFile } from './tachoTypes';

const user = { id: 9, name: 'A', email: 'a@x.ao', attributes: {} };
const t = i18n.t.bind(i18n);

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={{ user, setUser: () => undefined }}>
        <MemoryRouter>
          <div style={{ width: 1400, height: 600 }}>{children}</div>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>
  );
}

const counters = (remaining: number, weekly: number | null) =>
  JSON.stringify({
    Driver1RemainingTimeUntilNextBreakOrRest: remaining,
    Driver1DurationOfNextBreakRest: 2700,
    Driver1TimeLeftUntilNewDailyRestPeriod: 14400,
    Driver1TimeLeftUntilNewWeeklyRestPeriod: weekly,
    Driver1MinimumDailyRest: 32400,
    Driver1MinimumWeeklyRest: 162000,
  });

const drivers: TachoDriverRow[] = [
  { uniqueid: 'C1', name: 'João', surname: 'Silva', working_state: 3, counters: counters(1500, 10800) },
  {
    uniqueid: 'C2',
    name: 'Ana',
    surname: 'Costa',
    working_state: 0,
    counters: counters(16200, null),
    counters_source: 'computed',
  },
  { uniqueid: 'C3', name: 'Rui', surname: 'Lopes', working_state: 5, counters: null },
  { uniqueid: 'C4', name: 'Luís', surname: 'Matos', working_state: 4, counters: null },
].map(toDriverRow);

const cell = (row: HTMLElement, field: string) =>
  row.querySelector(`[data-field="${field}"]`)?.textContent ?? '';

afterEach(cleanup);

describe('tachograph drivers grid (document 3 §2, §4)', { timeout: 20_000 }, () => {
  it('colours the activity chip by state, blank for 4 and 5, and shows the counters as h:mm in 30 px rows', async () => {
    render(
      <Frame>
        <DataList
          rows={drivers}
          columns={driverColumns(t, (v) => formatDateTime(v))}
          exportName="T"
          rowHeight={TACHO_ROW_HEIGHT}
          rowAttributes={{
            rowTestId: 'tacho-driver-row',
            rowData: (row: TachoDriverRow) => ({ card: row.card }),
          }}
        />
      </Frame>,
    );
    await screen.findByText('João Silva');
    const row = (card: string) =>
      screen.getAllByTestId('tacho-driver-row').find((r) => r.getAttribute('data-card') === card)!;
    const chip = (card: string) => within(row(card)).getByTestId('tacho-activity-chip');
    expect(chip('C1').getAttribute('data-state')).toBe('3');
    expect(chip('C1').getAttribute('data-colour')).toBe('green');
    expect(chip('C1').textContent).toBe('Condução');
    expect(chip('C2').getAttribute('data-colour')).toBe('yellow');
    expect(chip('C2').textContent).toBe('Descanso');
    expect(chip('C3').getAttribute('data-state')).toBe('5');
    expect(chip('C3').textContent).toBe('');
    expect(chip('C3').getAttribute('data-colour')).toBeNull();
    expect(chip('C4').getAttribute('data-state')).toBe('4');
    expect(chip('C4').textContent).toBe('');
    expect(chip('C4').getAttribute('data-colour')).toBeNull();
    expect(cell(row('C4'), 'state')).toBe('');
    expect(cell(row('C1'), 'Driver1RemainingTimeUntilNextBreakOrRest')).toBe('0:25');
    expect(cell(row('C1'), 'Driver1TimeLeftUntilNewWeeklyRestPeriod')).toBe('3:00');
    expect(cell(row('C1'), 'Driver1MinimumWeeklyRest')).toBe('45:00');
    expect(cell(row('C2'), 'Driver1TimeLeftUntilNewWeeklyRestPeriod')).toBe('');
    // Counters computed from the card history are told apart from the tracker's.
    // (its weekly counter is unknown: an empty cell, nothing in italics)
    expect(within(row('C2')).getAllByTestId('tacho-counter-computed')).toHaveLength(5);
    expect(within(row('C1')).queryAllByTestId('tacho-counter-computed')).toEqual([]);
    expect(row('C1').style.getPropertyValue('--height') || row('C1').style.height).toContain(
      `${TACHO_ROW_HEIGHT}px`,
    );
  });

  it("on a phone leaves an unknown counter out of the driver's card", async () => {
    await asPhone(async () => {
      render(
        <Frame>
          <DataList
            rows={drivers.filter((row) => row.card === 'C2')}
            columns={driverColumns(t, (v) => formatDateTime(v), true)}
            exportName="T"
            cardTitle="fullName"
          />
        </Frame>,
      );
      const card = await screen.findByTestId('list-card');
      expect(within(card).queryByText('Ana Costa')).not.toBeNull();
      expect(within(card).queryByText('Até descanso diário')).not.toBeNull();
      expect(within(card).queryByText('Até descanso semanal')).toBeNull();
    });
  });
});

const files: TachoFile[] = [
  {
    id: 7,
    filename: 'C_20260302_0815_J_SILVA.DDD',
    name: 'João Silva',
    file_type: 'D',
    download_date: '2026-03-02T08:15:00.000Z',
    data_from: '2026-02-01',
    data_to: '2026-03-01',
    days: 29,
    file_size: 25834,
    periodicity: 'Custom',
    custom_days: 14,
    stale: true,
    stale_days: 40,
  },
  {
    id: 8,
    filename: 'M_20260302_0815_LD4567.DDD',
    name: 'LD-45-67',
    file_type: 'V',
    download_date: '2026-03-01T08:15:00.000Z',
    data_from: null,
    data_to: null,
    days: 0,
    file_size: 2048,
    periodicity: 'Never',
    stale: false,
  },
];

describe('tachograph files grid (document 3 §2)', { timeout: 20_000 }, () => {
  it('shows entity icons by type, the stale mark, sizes, schedules and the ticked count with Download', async () => {
    const onAction = vi.fn();
    const onSchedule = vi.fn();
    render(
      <Frame>
        <DataList
          rows={files}
          columns={fileColumns({
            t,
            date: (v) => formatDate(v),
            dateTime: (v) => formatDateTime(v),
            canEdit: true,
            onSchedule,
            onCustom: () => undefined,
          })}
          exportName="T"
          idPrefix="tacho-files"
          rowAttributes={{ rowTestId: 'tacho-file-row', rowIdAttribute: 'id' }}
          selectionAction={{
            label: t('tacho.download'),
            testId: 'tacho-download-selected',
            selectedText: (n) => t('tacho.selected', { n }),
            onAction,
          }}
        />
      </Frame>,
    );
    await screen.findByText('João Silva');
    const row = (id: number) => document.querySelector(`[data-testid="tacho-file-row"][data-id="${id}"]`)!;
    const card = row(7) as HTMLElement;
    const unit = row(8) as HTMLElement;
    expect(within(card).getByTestId('tacho-file-icon-driver')).toBeTruthy();
    expect(within(unit).getByTestId('tacho-file-icon-vehicle')).toBeTruthy();
    expect(within(card).getByTestId('tacho-file-entity').getAttribute('data-stale')).toBe('40');
    expect(within(unit).queryByTestId('tacho-file-stale')).toBeNull();
    expect(cell(card, 'file_size')).toBe('25,2');
    expect(cell(card, 'data_from')).toBe('01/02/2026 – 01/03/2026');
    expect(cell(card, 'periodicity')).toBe('A cada 14 dias');
    // "Dias" says what it counts on hover
    const daysHeader = document.querySelector('[role="columnheader"][data-field="days"]')!;
    fireEvent.mouseOver(daysHeader.querySelector('.MuiDataGrid-columnHeaderTitle')!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Dias com atividade registada no ficheiro');
    expect(cell(unit, 'periodicity')).toBe('Nunca');
    expect(within(card).getByTestId('tacho-file-download').getAttribute('href')).toBe(
      '/report/api.php/tacho_file/7',
    );

    const button = screen.getByTestId('tacho-download-selected') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(within(card).getByRole('checkbox'));
    fireEvent.click(within(unit).getByRole('checkbox'));
    await waitFor(() =>
      expect(screen.getByTestId('tacho-files-selected').textContent).toBe('2 Ficheiros seleccionados'),
    );
    expect(button.textContent).toBe('Download');
    fireEvent.click(button);
    expect(onAction.mock.calls[0][0].map((f: TachoFile) => f.id).sort()).toEqual([7, 8]);
  });
});
