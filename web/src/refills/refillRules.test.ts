import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import { consumptionTone, stateOf } from './consumptionTone';
import { newOperator, operatorBody, operatorProblem } from './operatorForm';
import { newRefillDraft, prefillFromPosition, refillBody, refillDraftOf, refillProblem } from './refillForm';
import { chooseRefillDays, defaultRefillRange, MAX_REFILL_DAYS } from './refillPeriod';
import {
  hasAuxiliaries,
  hasUserLimit,
  isRefillDate,
  mainStationChoices,
  mayRemoveRefill,
  nowText,
  parseDecimal,
  refillFormTarget,
  shareProblem,
  stationTree,
  totalsText,
} from './refillRules';
import { refillsPath, type RefillFilters } from './refillsQuery';
import type { Refill, RefillStation } from './refillTypes';
import { stationBody, stationProblem } from './stationForm';

const t = ((key: string) => key) as never;

const user = (extra: Partial<User> = {}): User => ({
  id: 1,
  name: 'U',
  email: 'u@x.ao',
  attributes: {},
  ...extra,
});

const refill = (extra: Partial<Refill> = {}): Refill =>
  ({
    id: 1,
    deviceId: 7,
    type: 'M',
    cost_date: '2026-03-02 10:00:00',
    costDate: '2026-03-02T09:00:00Z',
    sequence: 2,
    deviceName: 'Camião',
    deviceLicensePlate: 'LD-12-34',
    groupId: null,
    groupName: null,
    fuelType: 'diesel',
    fuel_type: 'diesel',
    litres: 48,
    cost: 14400,
    costPerLitre: 300,
    invoice: 'F1',
    driverid: 3,
    driverId: 3,
    driverName: 'Rui',
    operatorId: null,
    operatorName: null,
    operatorCode: null,
    stationId: 5,
    stationid: 5,
    siteName: 'Posto Sul',
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
    consumption_lh_yellow: 5,
    consumption_lh_red: 8,
    ...extra,
  }) as Refill;

const station = (id: number, name: string, mainStationId = 0): RefillStation => ({
  id,
  name,
  code: `C${id}`,
  location: '',
  latitude: null,
  longitude: null,
  fuel_type: 'diesel',
  total_capacity: 1000,
  capacity: 1000,
  mainStationId,
});

describe('who may do what (document 3 §6)', () => {
  it('managers (userLimit set and not 0) and administrators remove refills and see the stations', () => {
    expect(hasUserLimit(user({ userLimit: 100 }))).toBe(true);
    expect(hasUserLimit(user({ userLimit: -1 }))).toBe(true);
    expect(hasUserLimit(user({ administrator: true, userLimit: 0 }))).toBe(true);
    expect(hasUserLimit(user({ userLimit: 0 }))).toBe(false);
    expect(hasUserLimit(user())).toBe(false);
    expect(mayRemoveRefill(user({ userLimit: 100 }))).toBe(true);
    expect(mayRemoveRefill(user({ userLimit: 0 }))).toBe(false);
  });
  it('a read-only or temporary manager removes nothing', () => {
    expect(mayRemoveRefill(user({ userLimit: 100, readonly: true }))).toBe(false);
    expect(mayRemoveRefill(user({ userLimit: 100, email: 'temp_abc@x.ao' }))).toBe(false);
  });
});

describe('consumption cells', () => {
  it('colour against the thresholds held on the refill', () => {
    expect(stateOf(refill(), 'consumption_l100km')).toBe('red');
    expect(stateOf(refill({ consumption_l100km: 40 }), 'consumption_l100km')).toBe('yellow');
    expect(stateOf(refill({ consumption_l100km: 20 }), 'consumption_l100km')).toBe('green');
    expect(consumptionTone(refill(), 'consumption_l100km')).toBe('error');
    expect(consumptionTone(refill({ consumption_lkm: 0.4 }), 'consumption_lkm')).toBe('warning');
  });
  it('leave a consumption not computed, and other columns, uncoloured', () => {
    expect(stateOf(refill(), 'consumption_lh')).toBeNull();
    expect(consumptionTone(refill(), 'consumption_lh')).toBeNull();
    expect(consumptionTone(refill(), 'litres')).toBeNull();
  });
});

describe('the centre period (document 3 §2, §5)', () => {
  const start = {
    chosen: { from: '2026-01-01', to: '2026-01-31' },
    applied: { from: '2026-01-01', to: '2026-01-31' },
    tooLong: false,
  };
  it('opens on the last 30 days in the user timezone', () => {
    // 23:30 UTC on 31 Jan is already 1 Feb in Luanda (UTC+1).
    expect(defaultRefillRange('Africa/Luanda', Date.UTC(2026, 0, 31, 23, 30))).toEqual({
      from: '2026-01-03',
      to: '2026-02-01',
    });
  });
  it('applies a range only once both days are chosen', () => {
    const half = chooseRefillDays(start, { from: '2026-02-01', to: '' });
    expect(half.chosen).toEqual({ from: '2026-02-01', to: '' });
    expect(half.applied).toEqual(start.applied);
    const whole = chooseRefillDays(half, { from: '2026-02-01', to: '2026-02-10' });
    expect(whole.applied).toEqual({ from: '2026-02-01', to: '2026-02-10' });
  });
  it('accepts 365 days and refuses 366 with the Oops! dialog, keeping the pickers', () => {
    expect(MAX_REFILL_DAYS).toBe(365);
    expect(chooseRefillDays(start, { from: '2025-01-01', to: '2025-12-31' }).tooLong).toBe(false);
    // the server's boundary (server/test/modules/refills/refills.test.ts): both days count
    expect(chooseRefillDays(start, { from: '2024-01-02', to: '2024-12-31' }).applied).toEqual({
      from: '2024-01-02',
      to: '2024-12-31',
    });
    expect(chooseRefillDays(start, { from: '2023-03-01', to: '2024-02-28' }).tooLong).toBe(false);
    expect(chooseRefillDays(start, { from: '2023-03-01', to: '2024-02-29' }).tooLong).toBe(true);
    const refused = chooseRefillDays(start, { from: '2024-01-01', to: '2024-12-31' });
    expect(refused.tooLong).toBe(true);
    expect(refused.chosen).toEqual(start.chosen);
    expect(refused.applied).toEqual(start.applied);
  });
  it('does not apply a reversed range', () => {
    expect(chooseRefillDays(start, { from: '2026-03-02', to: '2026-03-01' }).applied).toEqual(start.applied);
  });
});

describe('the centre request', () => {
  const all: RefillFilters = { types: ['*'], devices: ['*'], groups: ['*'], fuels: ['*'], drivers: ['*'] };
  const range = { from: '2026-01-01', to: '2026-01-31' };
  it('sends only the filters not left on all', () => {
    expect(refillsPath(range, all, { offset: 0, limit: 100, search: '' })).toBe(
      '/report/api.php/refills/2026-01-01/2026-01-31?offset=0&limit=100',
    );
    const path = refillsPath(
      range,
      { types: ['A'], devices: ['3', '4'], groups: ['0'], fuels: ['diesel'], drivers: ['*'] },
      { offset: 100, limit: 100, search: 'ld-12', sort: { field: 'cost_date', order: 'asc' } },
    );
    const params = new URL(path, 'http://x').searchParams;
    expect(params.get('type')).toBe('A');
    expect(params.get('device')).toBe('3,4');
    expect(params.get('group')).toBe('0');
    expect(params.get('fuel')).toBe('diesel');
    expect(params.has('driver')).toBe(false);
    expect(params.get('search')).toBe('ld-12');
    expect(params.get('sort')).toBe('costDate');
    expect(params.get('order')).toBe('asc');
    expect(params.get('offset')).toBe('100');
  });
  it('sends no type when both Manual and App are chosen', () => {
    const path = refillsPath(range, { ...all, types: ['M', 'A'] }, { offset: 0, limit: 100, search: '' });
    expect(path).not.toContain('type=');
  });
});

describe('the refill form', () => {
  it('takes its vehicle from the opening screen, or asks for it from the centre', () => {
    expect(refillFormTarget({ deviceId: 7 }, false, null)).toEqual({ kind: 'vehicle', deviceId: 7 });
    expect(refillFormTarget({ extraData: 9 }, true, null)).toEqual({ kind: 'vehicle', deviceId: 9 });
    expect(refillFormTarget({ extraData: -1 }, false, 4)).toEqual({ kind: 'choose' });
    expect(refillFormTarget(null, false, 4)).toEqual({ kind: 'vehicle', deviceId: 4 });
  });
  it('has no extra data without a vehicle (the redirect to the summary)', () => {
    expect(refillFormTarget(null, false, null)).toEqual({ kind: 'missing' });
    expect(refillFormTarget({ extraData: -1 }, true, null)).toEqual({ kind: 'missing' });
    expect(refillFormTarget({ deviceId: 'x' }, false, null)).toEqual({ kind: 'missing' });
  });
  it('defaults the date to now in the user timezone', () => {
    const now = Date.UTC(2026, 2, 2, 9, 5, 7);
    expect(nowText('Africa/Luanda', now)).toBe('2026-03-02 10:05:07');
    const draft = newRefillDraft(7, 'Africa/Luanda', now);
    expect(draft).toMatchObject({
      deviceId: 7,
      cost_date: '2026-03-02 10:05:07',
      fuel_type: 'diesel',
      cost: '',
    });
  });
  it('requires a vehicle, a date and a numeric cost (decimal comma accepted)', () => {
    const draft = { ...newRefillDraft(7, 'Africa/Luanda'), cost: '1200,50', litres: '40,5' };
    expect(refillProblem(draft, t)).toBeNull();
    expect(refillProblem({ ...draft, deviceId: null }, t)).toBe('refills.vehicleRequired');
    expect(refillProblem({ ...draft, cost_date: '02/03/2026' }, t)).toBe('refills.dateRequired');
    expect(refillProblem({ ...draft, cost: '' }, t)).toBe('refills.costRequired');
    expect(refillProblem({ ...draft, cost: 'abc' }, t)).toBe('refills.costRequired');
    expect(refillProblem({ ...draft, litres: '-3' }, t)).toBe('refills.litresInvalid');
    expect(refillProblem({ ...draft, km: '12a' }, t)).toBe('refills.kmInvalid');
    expect(refillProblem({ ...draft, hours: 'x' }, t)).toBe('refills.hoursInvalid');
  });
  it('sends numbers and leaves empty optional fields out', () => {
    const body = refillBody({
      ...newRefillDraft(7, 'Africa/Luanda'),
      cost: '1.200,5'.replace('.', ''),
      litres: '',
    });
    expect(body).toMatchObject({ cost: 1200.5, litres: 0, fuel_type: 'diesel' });
    expect('km' in body || 'hours' in body || 'driverid' in body || 'stationid' in body).toBe(false);
    const edited = refillBody(refillDraftOf(refill()));
    expect(edited).toMatchObject({ cost: 14400, litres: 48, km: 1100, driverid: 3, stationid: 5 });
  });
  it('reads decimals and dates as typed', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 7 ')).toBe(7);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('1,2,3')).toBeNull();
    expect(isRefillDate('2026-03-02 10:05')).toBe(true);
    expect(isRefillDate('2026-03-02 10:05:07')).toBe(true);
    expect(isRefillDate('2026-03-02')).toBe(false);
  });
});

describe('sharing a refill (document 3 §5)', () => {
  it('needs a valid destination and a valid or empty CC', () => {
    expect(shareProblem('dono@frota.ao', '')).toBeNull();
    expect(shareProblem('dono@frota.ao', 'eu@frota.ao')).toBeNull();
    expect(shareProblem('dono', '')).toBe('to');
    expect(shareProblem('dono@frota.ao', 'eu@')).toBe('cc');
  });
});

describe('stations', () => {
  it('list each main station followed by its auxiliaries, by name', () => {
    const rows = stationTree([
      station(1, 'Sul'),
      station(2, 'Norte'),
      station(3, 'Sul B', 1),
      station(4, 'Sul A', 1),
      station(5, 'Norte A', 2),
      station(6, 'Órfão', 99),
    ]);
    expect(rows.map((s) => s.id)).toEqual([2, 5, 6, 1, 4, 3]);
  });
  it('offer main stations (not itself) as the main one, and keep a main with auxiliaries a main', () => {
    const all = [station(1, 'Sul'), station(2, 'Norte'), station(3, 'Sul A', 1)];
    expect(mainStationChoices(all, 2).map((s) => s.id)).toEqual([1]);
    expect(hasAuxiliaries(all, 1)).toBe(true);
    expect(hasAuxiliaries(all, 2)).toBe(false);
    expect(hasAuxiliaries(all, undefined)).toBe(false);
  });
  it('need a name and a non-negative capacity', () => {
    const draft = {
      name: 'Sul',
      code: 'S1',
      location: '',
      fuel_type: 'diesel' as const,
      total_capacity: '5000,5',
      mainStationId: 0,
    };
    expect(stationProblem(draft, t)).toBeNull();
    expect(stationProblem({ ...draft, name: ' ' }, t)).toBe('refills.nameRequired');
    expect(stationProblem({ ...draft, total_capacity: '-1' }, t)).toBe('refills.numberInvalid');
    expect(stationBody(draft).total_capacity).toBe(5000.5);
  });
});

describe('operators', () => {
  it('need a username, a name, a password when new, and valid alert e-mails', () => {
    const draft = { ...newOperator(), username: 'op1', password: 'segredo', name: 'Ana' };
    expect(operatorProblem(draft, t)).toBeNull();
    expect(operatorProblem({ ...draft, username: '' }, t)).toBe('refills.usernameRequired');
    expect(operatorProblem({ ...draft, password: '' }, t)).toBe('refills.passwordRequired');
    expect(operatorProblem({ ...draft, id: 3, password: '' }, t)).toBeNull();
    expect(operatorProblem({ ...draft, name: '' }, t)).toBe('refills.nameRequired');
    expect(operatorProblem({ ...draft, alert_emails: 'a@b.ao; nope' }, t)).toBe('refills.emailsInvalid');
  });
  it('send the password only when typed, and the e-mails as one list', () => {
    const body = operatorBody({
      ...newOperator(),
      id: 3,
      username: ' op1 ',
      name: 'Ana',
      alert_emails: 'a@b.ao\nc@d.ao',
    });
    expect(body).toEqual({
      id: 3,
      username: 'op1',
      name: 'Ana',
      code: '',
      phone: '',
      alert_emails: 'a@b.ao,c@d.ao',
    });
    expect(operatorBody({ ...newOperator(), password: 'segredo' }).password).toBe('segredo');
  });
});

describe('the centre totals', () => {
  it('show litres filled, and litres, km and L/100km consumed, in pt-PT numbers', () => {
    expect(
      totalsText({ filledLitres: 1278.5, consumedLitres: 168, consumedKm: 800, consumedL100km: 21 }),
    ).toEqual({
      filled: '1\u00a0278,50 L',
      consumed: '168,00 L · 800 km · 21,00 L/100km',
    });
    expect(
      totalsText({ filledLitres: 30, consumedLitres: 0, consumedKm: 0, consumedL100km: null }).consumed,
    ).toBe('0,00 L · 0 km');
    // in the user's language's units (Arabic)
    expect(
      totalsText(
        { filledLitres: 30, consumedLitres: 168, consumedKm: 800, consumedL100km: 21 },
        { litres: 'ل', km: 'كم', l100km: 'ل/100كم' },
      ),
    ).toEqual({ filled: '30,00 ل', consumed: '168,00 ل · 800 كم · 21,00 ل/100كم' });
    expect(totalsText(undefined)).toEqual({ filled: '', consumed: '' });
  });
});

describe('a new refill pre-filled from the vehicle’s last position', () => {
  const drivers = [
    { id: 7, uniqueId: 'CARD-7' },
    { id: 8, uniqueId: 'CARD-8' },
  ];
  const draft = newRefillDraft(3, 'Africa/Luanda', Date.UTC(2026, 10, 29, 8));

  it('takes the odometer (io192, in km), the hour meter and the driver of the card it reports', () => {
    const filled = prefillFromPosition(
      draft,
      { attributes: { io192: 1_741_890, hours: 5_400_000 * 1000, driverUniqueId: 'CARD-8' } },
      drivers,
    );
    expect([filled.km, filled.hours, filled.driverid]).toEqual(['17419', '1500', 8]);
  });

  it("takes a tracker's own odometer (metres) or the counted km when it reports no io192", () => {
    const own = prefillFromPosition(
      draft,
      { attributes: { odometer: 11_533_180, totalDistance: 11_539_155 } },
      drivers,
    );
    expect(own.km).toBe('11533');
    expect(prefillFromPosition(draft, { attributes: { totalDistance: 11_539_655 } }, drivers).km).toBe(
      '11540',
    );
  });

  it('keeps what the user typed, and leaves empty what the position does not report', () => {
    const typed = { ...draft, km: '17500', driverid: 7 };
    const filled = prefillFromPosition(
      typed,
      { attributes: { io192: 1_741_890, driverUniqueId: 'CARD-8' } },
      drivers,
    );
    expect([filled.km, filled.hours, filled.driverid]).toEqual(['17500', '', 7]);
    expect(prefillFromPosition(draft, undefined, drivers)).toEqual(draft);
    expect(
      prefillFromPosition(draft, { attributes: { driverUniqueId: 'UNKNOWN' } }, drivers).driverid,
    ).toBeNull();
  });
});
