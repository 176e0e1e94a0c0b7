/**
 * The refill screens that set and show what the refill centre reads (document 3 §2, §3): a vehicle's
 * consumption profile and thresholds (the refill vehicles list and the vehicle's refills), the App Android
 * dialog, and the vehicle's group in a refill's details. The server is the one boundary: `fetch` answers as
 * the routes of server/src/modules/refills do (their API tests check the same bodies and messages).
 */
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes } from 'react-router';
import '../app/i18n';
import { queryKeys } from '../api/queries';
import type { Device, User } from '../api/types';
import { SessionContext } from '../session/sessionContext';
import { AppAndroidDialog } from './AppAndroidDialog';
import { appProblem, profileBody, profileDraftOf, profileProblem, thresholdOf } from './profileForm';
import { RefillDetails } from './RefillDetails';
import { RefillDevicesPage } from './RefillDevicesPage';
import { mayEditProfile } from './refillRules';
import { refillKeys } from './refillsApi';
import type { Refill, RefillApp, RefillDevice } from './refillTypes';
import { VehicleRefillsPage } from './VehicleRefillsPage';

const API = '/report/api.php';

const person = (extra: Partial<User> = {}): User => ({
  id: 9,
  name: 'Gestora',
  email: 'gestora@frota.ao',
  attributes: { permissions: ['module.refills'] },
  userLimit: 5,
  ...extra,
});
const manager = person();

const truck: RefillDevice = {
  id: 3,
  deviceId: 3,
  name: 'Camião 1',
  license_plate: 'LD-11-22-AA',
  groupId: 1,
  group: 'Pesados',
  model: 'Actros',
  code: 'LD-11-22-AA',
  consumption_profile: 'Camião pesado',
  l100km_yellow: 35,
  l100km_red: 45,
  lh_yellow: 10,
  lh_red: 15,
};

/** A request the page sent, as the fake server saw it. */
interface Call {
  method: string;
  url: string;
  body: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const text = (body: string, status: number, statusText: string) =>
  new Response(body, { status, statusText, headers: { 'Content-Type': 'text/plain' } });

/** `fetch` answering `METHOD path` from a table (404 otherwise); every request is recorded. */
function serve(routes: Record<string, (call: Call) => Response | Promise<Response>>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`];
    return route ? route(call) : text('', 404, 'Not Found');
  });
  return calls;
}

/** A response the test releases when it wants: what the page shows while the save is on its way. */
function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function show(ui: ReactNode, user: User, data: Array<[readonly unknown[], unknown]> = [], path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={{ user, setUser: () => undefined }}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[path]}>
            <div style={{ width: 1400, height: 700 }}>{ui}</div>
          </MemoryRouter>
        </SnackbarProvider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return client;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the consumption profile rules', () => {
  it('take blanks as no threshold, decimal commas, and refuse what the server refuses', () => {
    const draft = profileDraftOf(truck);
    expect(draft).toMatchObject({ l100km_yellow: '35', lh_red: '15' });
    expect(profileProblem(draft)).toBeNull();
    expect(profileProblem({ ...draft, l100km_yellow: '', l100km_red: '' })).toBeNull();
    expect(
      profileBody({ ...draft, consumption_profile: ' Ligeiro ', l100km_yellow: '9,5', lh_yellow: '' }),
    ).toEqual({
      consumption_profile: 'Ligeiro',
      l100km_yellow: 9.5,
      l100km_red: 45,
      lh_yellow: null,
      lh_red: 15,
    });
    expect(profileProblem({ ...draft, lh_red: '0' })).toEqual({
      message: 'refills.thresholdInvalid',
      fields: ['lh_red'],
    });
    expect(profileProblem({ ...draft, l100km_yellow: '-1', lh_yellow: 'doze' })?.fields).toEqual([
      'l100km_yellow',
      'lh_yellow',
    ]);
    expect(profileProblem({ ...draft, l100km_yellow: '45' })?.message).toBe('refills.l100kmOrder');
    expect(profileProblem({ ...draft, lh_yellow: '20' })?.message).toBe('refills.lhOrder');
    expect(profileProblem({ ...draft, consumption_profile: 'x'.repeat(129) })?.message).toBe(
      'refills.profileTooLong',
    );
    expect(thresholdOf(truck, 'L/100km')).toEqual({ unit: 'L/100km', yellow: '35', red: '45' });
    expect(thresholdOf(truck, 'L/h')).toEqual({ unit: 'L/h', yellow: '10', red: '15' });
    const redOnly = { ...truck, l100km_yellow: null, lh_yellow: null, lh_red: null };
    expect(thresholdOf(redOnly, 'L/100km')).toEqual({ unit: 'L/100km', yellow: '—', red: '45' });
    expect(thresholdOf(redOnly, 'L/h')).toBeUndefined();
    const decimals = { ...truck, l100km_yellow: 0.35, l100km_red: 40.5 };
    expect(thresholdOf(decimals, 'L/100km')).toEqual({ unit: 'L/100km', yellow: '0,35', red: '40,5' });
  });

  it('are for managers of the refill centre who may write', () => {
    expect(mayEditProfile(manager)).toBe(true);
    expect(mayEditProfile(person({ administrator: true, userLimit: 0, attributes: {} }))).toBe(true);
    expect(mayEditProfile(person({ userLimit: 0 }))).toBe(false);
    expect(mayEditProfile(person({ readonly: true }))).toBe(false);
    expect(mayEditProfile(person({ attributes: { permissions: ['management.summary'] } }))).toBe(false);
  });

  it('want an app version and an http(s) link', () => {
    const app = { apk_version: '1.2.0', apk_url: 'https://frota.ao/app.apk' };
    expect(appProblem(app)).toBeNull();
    expect(appProblem({ ...app, apk_version: ' ' })?.message).toBe('refills.appVersionRequired');
    expect(appProblem({ ...app, apk_version: '1'.repeat(65) })?.message).toBe('refills.appVersionTooLong');
    for (const apk_url of ['', 'frota.ao/app.apk', 'ftp://frota.ao/app.apk', 'javascript:alert(1)'])
      expect(appProblem({ ...app, apk_url })?.message, apk_url).toBe('refills.appUrlInvalid');
  });
});

// the grid's first renders are slow on a busy 2-core machine
describe('the refill vehicles list (/settings/refill_devices)', { timeout: 20_000 }, () => {
  it('shows each profile with its thresholds, and an edit only to managers who may write', async () => {
    show(<RefillDevicesPage />, manager, [[refillKeys.devices, [truck]]]);
    await screen.findByText('Camião pesado');
    // each unit's limits in its own column, the yellow first
    expect(screen.getByTestId('refill-device-l100km').textContent).toBe('35/45');
    expect(screen.getByTestId('refill-device-lh').textContent).toBe('10/15');
    // what the figures are, said on hovering and to a screen reader
    expect(screen.getByTestId('refill-device-l100km').getAttribute('aria-label')).toBe(
      'Limites amarelo / vermelho do consumo: L/100km 35 / 45',
    );
    expect(screen.getAllByTestId('refill-device-edit')).toHaveLength(1);
    cleanup();
    for (const user of [person({ userLimit: 0 }), person({ readonly: true })]) {
      show(<RefillDevicesPage />, user, [[refillKeys.devices, [truck]]]);
      await screen.findByText('Camião pesado');
      expect(screen.queryByTestId('refill-device-edit')).toBeNull();
      cleanup();
    }
  });

  it('refuses thresholds out of order or not positive, in Portuguese, sending nothing', async () => {
    const calls = serve({});
    show(<RefillDevicesPage />, manager, [[refillKeys.devices, [truck]]]);
    fireEvent.click(await screen.findByTestId('refill-device-edit'));
    const dialog = screen.getByTestId('refill-profile-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Perfil de consumo · LD-11-22-AA');
    expect(input('refill-profile-name').value).toBe('Camião pesado');
    expect(input('refill-profile-l100km_red').value).toBe('45');

    type('refill-profile-l100km_yellow', '50');
    fireEvent.click(screen.getByTestId('refill-profile-save'));
    expect(screen.getByTestId('refill-profile-error').textContent).toBe(
      'O limite amarelo de L/100km deve ser inferior ao vermelho',
    );
    type('refill-profile-l100km_yellow', '35');
    type('refill-profile-lh_yellow', '15');
    fireEvent.click(screen.getByTestId('refill-profile-save'));
    expect(screen.getByTestId('refill-profile-error').textContent).toBe(
      'O limite amarelo de L/h deve ser inferior ao vermelho',
    );
    type('refill-profile-lh_yellow', '0');
    fireEvent.click(screen.getByTestId('refill-profile-save'));
    expect(screen.getByTestId('refill-profile-error').textContent).toBe(
      'Os limites de consumo devem ser números positivos',
    );
    expect(input('refill-profile-lh_yellow').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    expect(screen.queryByText('Perfil de consumo guardado')).toBeNull();
  });

  it('tells the saved profile only once the server has kept it, then shows the list again', async () => {
    const answer = deferred();
    const saved: RefillDevice = {
      ...truck,
      consumption_profile: 'Camião de obra',
      l100km_yellow: 40.5,
      l100km_red: 50,
      lh_yellow: null,
    };
    const calls = serve({
      [`PUT ${API}/refill_devices/3`]: () => answer.promise,
      [`GET ${API}/refill_devices`]: () => json([saved]),
    });
    show(<RefillDevicesPage />, manager, [[refillKeys.devices, [truck]]]);
    fireEvent.click(await screen.findByTestId('refill-device-edit'));
    type('refill-profile-name', ' Camião de obra ');
    type('refill-profile-l100km_yellow', '40,5');
    type('refill-profile-l100km_red', '50');
    type('refill-profile-lh_yellow', '');
    fireEvent.click(screen.getByTestId('refill-profile-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: `${API}/refill_devices/3`,
      // the code is not sent: the server keeps the vehicle's
      body: {
        consumption_profile: 'Camião de obra',
        l100km_yellow: 40.5,
        l100km_red: 50,
        lh_yellow: null,
        lh_red: 15,
      },
    });
    // on its way: no word of success, the dialog stays
    expect(screen.queryByText('Perfil de consumo guardado')).toBeNull();
    expect((screen.getByTestId('refill-profile-name') as HTMLInputElement).value).toBe(' Camião de obra ');
    expect(screen.getByTestId('refill-profile-save')).toHaveProperty('disabled', true);
    await act(async () => answer.release(json(saved)));
    await screen.findByText('Perfil de consumo guardado');
    await waitFor(() => expect(screen.queryByTestId('refill-profile-dialog')).toBeNull());
    await screen.findByText('Camião de obra');
    expect(screen.getByTestId('refill-device-l100km').textContent).toBe('40,5/50');
    expect(screen.getByTestId('refill-device-lh').textContent).toBe('—/15');
  });

  it("shows the server's refusal and no success", async () => {
    serve({
      [`PUT ${API}/refill_devices/3`]: () =>
        text('O limite amarelo de L/100km deve ser inferior ao vermelho', 400, 'Bad Request'),
    });
    show(<RefillDevicesPage />, manager, [[refillKeys.devices, [truck]]]);
    fireEvent.click(await screen.findByTestId('refill-device-edit'));
    fireEvent.click(screen.getByTestId('refill-profile-save'));
    expect((await screen.findByTestId('refill-profile-error')).textContent).toBe(
      'O limite amarelo de L/100km deve ser inferior ao vermelho',
    );
    // the form stays open for a correction
    expect(screen.getByTestId('refill-profile-save')).toHaveProperty('disabled', false);
    expect(screen.getByTestId('refill-profile-dialog').textContent).toContain('Perfil de consumo');
    expect(screen.queryByText('Perfil de consumo guardado')).toBeNull();
  });
});

describe("a vehicle's refills (/management/refills/:id)", { timeout: 20_000 }, () => {
  const van = {
    id: 5,
    name: 'Carrinha',
    uniqueId: 'v5',
    attributes: { license_plate: 'LD-55-66-CC' },
  } as Device;
  const page = (user: User) =>
    show(
      <Routes>
        <Route path="/management/refills/:id" element={<VehicleRefillsPage />} />
      </Routes>,
      user,
      [
        [queryKeys.devices, [van]],
        [refillKeys.vehicle(5), []],
        [refillKeys.devices, [truck]],
      ],
      '/management/refills/5',
    );

  it('sets the profile of a vehicle not yet among the refill vehicles', async () => {
    const calls = serve({
      [`PUT ${API}/refill_devices/5`]: () =>
        json({ ...truck, id: 5, deviceId: 5, consumption_profile: 'Ligeiro' }),
      [`GET ${API}/refill_devices`]: () => json([truck]),
    });
    page(manager);
    fireEvent.click(await screen.findByTestId('vehicle-refill-profile'));
    expect(within(screen.getByTestId('refill-profile-dialog')).getByRole('heading').textContent).toBe(
      'Perfil de consumo · LD-55-66-CC',
    );
    expect(input('refill-profile-name').value).toBe('');
    expect(input('refill-profile-l100km_yellow').value).toBe('');
    type('refill-profile-name', 'Ligeiro');
    type('refill-profile-l100km_yellow', '11');
    type('refill-profile-l100km_red', '14');
    fireEvent.click(screen.getByTestId('refill-profile-save'));
    await screen.findByText('Perfil de consumo guardado');
    expect(calls.filter((c) => c.method === 'PUT')).toMatchObject([
      {
        method: 'PUT',
        url: `${API}/refill_devices/5`,
        body: {
          consumption_profile: 'Ligeiro',
          l100km_yellow: 11,
          l100km_red: 14,
          lh_yellow: null,
          lh_red: null,
        },
      },
    ]);
  });

  it('offers no profile to a user who is not a manager of the refill centre', async () => {
    page(person({ userLimit: 0 }));
    await screen.findByTestId('vehicle-refills');
    expect(screen.queryByTestId('vehicle-refill-profile')).toBeNull();
  });
});

describe('the App Android dialog', { timeout: 20_000 }, () => {
  const app: RefillApp = { apk_version: '1.2.0', apk_url: 'https://frota.ao/apps/abastecimentos.apk' };

  it('shows the QR code of the link, the link and the latest version', async () => {
    show(<AppAndroidDialog onClose={() => undefined} />, person(), [[refillKeys.appVersion, app]]);
    const qr = await screen.findByTestId('refill-app-qr');
    expect(qr.querySelector('svg title')?.textContent).toBe(app.apk_url);
    expect(qr.querySelectorAll('svg path').length).toBeGreaterThan(0);
    expect(screen.getByTestId('refill-app-link').getAttribute('href')).toBe(app.apk_url);
    expect(screen.getByTestId('refill-app-version').textContent).toBe('Última versão: 1.2.0');
    // only an administrator changes it
    expect(screen.queryByTestId('refill-app-edit')).toBeNull();
  });

  it('says the app is not set yet instead of showing nothing', async () => {
    show(<AppAndroidDialog onClose={() => undefined} />, person(), [
      [refillKeys.appVersion, { apk_version: '', apk_url: '' }],
    ]);
    expect((await screen.findByTestId('refill-app-unset')).textContent).toBe(
      'A ligação da aplicação ainda não foi definida. Peça-a ao administrador da plataforma.',
    );
    expect(screen.queryByTestId('refill-app-qr')).toBeNull();
    expect(screen.getByTestId('refill-app-dialog').textContent).not.toContain('—');
  });

  it('takes an administrator to the form, checks it, and shows the QR code once the server kept it', async () => {
    const answer = deferred();
    const calls = serve({ [`PUT ${API}/refill_app_version`]: () => answer.promise });
    show(<AppAndroidDialog onClose={() => undefined} />, person({ administrator: true }), [
      [refillKeys.appVersion, { apk_version: '', apk_url: '' }],
    ]);
    type('refill-app-version-input', '1.2.0');
    type('refill-app-url-input', 'frota.ao/apps/abastecimentos.apk');
    fireEvent.click(screen.getByTestId('refill-app-save'));
    expect(screen.getByTestId('refill-app-error').textContent).toBe(
      'O endereço da aplicação deve começar por http:// ou https://',
    );
    expect(calls).toEqual([]);
    type('refill-app-url-input', ` ${app.apk_url} `);
    fireEvent.click(screen.getByTestId('refill-app-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'PUT', url: `${API}/refill_app_version`, body: app });
    expect(screen.queryByText('Dados da aplicação guardados')).toBeNull();
    expect(screen.queryByTestId('refill-app-qr')).toBeNull();
    await act(async () => answer.release(json(app)));
    await screen.findByText('Dados da aplicação guardados');
    expect((await screen.findByTestId('refill-app-link')).getAttribute('href')).toBe(app.apk_url);
    expect(screen.getByTestId('refill-app-version').textContent).toBe('Última versão: 1.2.0');
    // the administrator may change them again
    expect(screen.getByTestId('refill-app-edit').textContent).toBe('Editar');
  });

  it("keeps the administrator's form open with the server's refusal", async () => {
    serve({
      [`PUT ${API}/refill_app_version`]: () => text('Deve indicar a versão da aplicação', 400, 'Bad Request'),
    });
    show(<AppAndroidDialog onClose={() => undefined} />, person({ administrator: true }), [
      [refillKeys.appVersion, app],
    ]);
    fireEvent.click(await screen.findByTestId('refill-app-edit'));
    expect(input('refill-app-url-input').value).toBe(app.apk_url);
    fireEvent.click(screen.getByTestId('refill-app-save'));
    expect((await screen.findByTestId('refill-app-error')).textContent).toBe(
      'Deve indicar a versão da aplicação',
    );
    expect(screen.queryByText('Dados da aplicação guardados')).toBeNull();
  });
});

describe("a refill's details", () => {
  const refill = {
    id: 1,
    deviceId: 3,
    type: 'A',
    cost_date: '2026-03-02 10:00:00',
    costDate: '2026-03-02T09:00:00Z',
    sequence: 2,
    deviceName: 'Camião 1',
    deviceLicensePlate: 'LD-11-22-AA',
    groupId: 1,
    groupName: 'Pesados',
    fuelType: 'diesel',
    fuel_type: 'diesel',
    litres: 48,
    cost: 14400,
    costPerLitre: 300,
    invoice: '',
    driverid: null,
    driverId: null,
    driverName: null,
    operatorId: 2,
    operatorName: 'Carlos Bomba',
    operatorCode: 'OP-01',
    stationId: null,
    stationid: null,
    siteName: null,
    latitude: null,
    longitude: null,
    km: 1100,
    hours: null,
    delta_km: 100,
    delta_hours: null,
    details: '',
    consumption_l100km: 48,
    consumption_l100km_yellow: 35,
    consumption_l100km_red: 45,
    consumption_lkm: 0.48,
    consumption_lkm_yellow: 0.35,
    consumption_lkm_red: 0.45,
    consumption_lh: null,
    consumption_lh_yellow: null,
    consumption_lh_red: null,
  } satisfies Refill;

  it("name the vehicle's group", () => {
    show(<RefillDetails refill={refill} />, manager);
    const group = screen.getByTestId('refill-detail-group');
    expect(group.textContent).toBe('Pesados');
    expect(group.closest('div')?.parentElement?.textContent).toBe('GrupoPesados');
    cleanup();
    show(<RefillDetails refill={{ ...refill, groupId: null, groupName: null }} />, manager);
    expect(screen.getByTestId('refill-detail-group').textContent).toBe('');
  });
});
