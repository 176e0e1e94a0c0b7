import type { Passenger } from '@frota/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AdminApi } from './src/api';
import { describeBrowser, launchBrowser, type TestPage } from './src/browser';
import { expectRowIds } from './src/rowIds';
import {
  adminApi,
  chooseOption,
  columnTexts,
  formScreenshot,
  headerTitles,
  openList,
  runTag,
  saveExpectingError,
  search,
  sessionOnly,
} from './src/settingsKit';

const PHONE = { width: 390, height: 844 };

/** Ids of the passenger rows shown, in the order they are seen. */
const rowIds = (page: Page): Promise<number[]> =>
  page
    .getByTestId('passenger-row')
    .evaluateAll((rows) =>
      rows
        .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((row) => Number(row.getAttribute('data-id'))),
    );

describeBrowser('passenger control screens', () => {
  const tag = runTag('pas');
  const TAG = tag.toUpperCase();
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage;
  let schoolId: number;
  let existing: Passenger;

  const mine = async (): Promise<Passenger[]> =>
    (await api.call<Passenger[]>('GET', '/api/passengers')).filter((p) => p.name.startsWith(tag));

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    schoolId = (await api.call<{ id: number }>('POST', '/api/groups', { name: `${tag} Escola Norte` })).id;
    existing = await api.call<Passenger>('POST', '/api/passengers', {
      name: `${tag} Existente`,
      cardId: `DUP${tag}`,
      groupId: null,
      phone: '',
      notes: '',
      attributes: {},
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await t?.context.close();
    expect(t.errors).toEqual([]);
  });

  it('creates a passenger with the form checks, lists, edits and deletes it', async () => {
    t = await sessionOnly(browser);
    const page = t.page;
    await openList(page, '/settings/passengers');
    expect(await headerTitles(page)).toEqual(['Nome', 'Cartão', 'Grupo', 'Telefone', '']);
    await search(page, tag);
    expect(await rowIds(page)).toEqual([existing.id]);
    expect(await columnTexts(page, 'cardId')).toEqual([`DUP${TAG}`]);

    await page.getByTestId('list-add').click();
    await page.waitForURL((url) => url.pathname === '/settings/passenger');
    expect(await saveExpectingError(page)).toContain('Por favor indique o nome do passageiro');
    await page.getByTestId('passenger-name').fill(`${tag} Ana Costa`);
    expect(await saveExpectingError(page)).toContain('Por favor indique o número do cartão do passageiro');
    // A card another passenger holds is refused by the server, in Portuguese.
    await page.getByTestId('passenger-cardId').fill(`dup${tag}`);
    expect(await saveExpectingError(page)).toContain('Já existe um passageiro com este cartão');
    await page.getByTestId('passenger-cardId').fill(`00a1${tag}`);
    await page.getByTestId('passenger-phone').fill('923 abc');
    expect(await saveExpectingError(page)).toContain('Telefone inválido: 923 abc');
    await page.getByTestId('passenger-phone').fill('+244 923 000 111');
    await chooseOption(page, 'passenger-group', `${tag} Escola Norte`);
    await page.getByTestId('passenger-notes').fill('Sai às 13:00');
    await formScreenshot(page, 'passengers-form');
    await page.setViewportSize(PHONE);
    await formScreenshot(page, 'passengers-form-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/passengers');

    const [ana] = (await mine()).filter((p) => p.name === `${tag} Ana Costa`);
    expect(ana).toMatchObject({
      cardId: `00A1${TAG}`,
      groupId: schoolId,
      phone: '+244 923 000 111',
      notes: 'Sai às 13:00',
    });
    await search(page, tag);
    // the list may first show what it held before the save, then its answer with the new passenger
    await expectRowIds(page, 'passenger-row', [ana.id, existing.id]);
    // Name order: "Ana Costa" before "Existente".
    expect(await rowIds(page)).toEqual([ana.id, existing.id]);
    expect(await columnTexts(page, 'group')).toEqual([`${tag} Escola Norte`, '']);
    expect(await columnTexts(page, 'phone')).toEqual(['+244 923 000 111', '']);
    await formScreenshot(page, 'passengers-list');
    // The grid lays its columns out for the width it opens at: the phone view is opened at phone width.
    await page.setViewportSize(PHONE);
    await openList(page, '/settings/passengers');
    await search(page, tag);
    await formScreenshot(page, 'passengers-list-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await openList(page, '/settings/passengers');
    await search(page, tag);

    const row = page.locator(`[data-testid="passenger-row"][data-id="${ana.id}"]`);
    await row.getByTestId('list-edit').click();
    await page.waitForURL((url) => url.pathname === `/settings/passenger/${ana.id}`);
    expect(await page.getByTestId('passenger-cardId').inputValue()).toBe(`00A1${TAG}`);
    await page.getByTestId('passenger-name').fill(`${tag} Ana Costa Silva`);
    await chooseOption(page, 'passenger-group', 'Sem grupo');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/passengers');
    expect(await api.call<Passenger>('GET', `/api/passengers/${ana.id}`)).toMatchObject({
      name: `${tag} Ana Costa Silva`,
      groupId: null,
    });
    await search(page, `${tag} ana`);
    expect(await columnTexts(page, 'name')).toEqual([`${tag} Ana Costa Silva`]);
    expect(await columnTexts(page, 'group')).toEqual(['']);

    await row.getByTestId('list-remove').click();
    expect(await page.getByTestId('confirm-dialog').textContent()).toContain(`${tag} Ana Costa Silva`);
    await page.getByTestId('confirm-ok').click();
    await page.getByText('Sem passageiros registados').waitFor();
    expect((await mine()).map((p) => p.id)).toEqual([existing.id]);
  });

  /** Pastes text into the focused cell the way a spreadsheet copy arrives. */
  const paste = (text: string) =>
    t.page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', data);
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    }, text);

  it('imports pasted passengers into a group row by row, logging the refused rows as ERRO', async () => {
    t = await sessionOnly(browser);
    const page = t.page;
    await openList(page, '/settings/passengers');
    await page.getByTestId('passengers-import').click();
    await page.waitForURL((url) => url.pathname === '/settings/passenger_import');
    await chooseOption(page, 'import-group', `${tag} Escola Norte`);
    // Row 3 has no card and row 5 repeats a card already held: both are refused, the others go in.
    const lines = [
      [`${tag} Aluno 1`, '923100001', 'manhã', `c1${tag}`],
      [`${tag} Aluno 2`, '923100002', '', `c2${tag}`],
      [`${tag} Aluno 3`, '923100003', '', ''],
      [`${tag} Aluno 4`, '', 'tarde', `c4${tag}`],
      [`${tag} Aluno 5`, '923100005', '', `DUP${tag}`],
      [`${tag} Aluno 6`, '923100006', '', `c6${tag}`],
    ].map((cells) => cells.join('\t'));
    await page.getByTestId('import-name-0').focus();
    await paste(`${lines.join('\r\n')}\r\n`);
    expect(await page.getByTestId('import-rfid-5').inputValue()).toBe(`c6${tag}`);
    expect(await page.getByTestId('import-progress').textContent()).toBe('0 / 6');
    await formScreenshot(page, 'passengers-import');

    await page.getByTestId('import-start').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Importar 6 passageiros?');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('import-done').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-progress').textContent()).toBe('6 / 6');
    const errors = await page.getByTestId('import-log-error').allTextContents();
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\] ERRO na linha 3: não foi possível criar o passageiro .* Aluno 3: Por favor indique o número do cartão do passageiro$/,
    );
    expect(errors[1]).toMatch(/ERRO na linha 5: .*Já existe um passageiro com este cartão/);
    const created = (await page.getByTestId('import-log-line').allTextContents()).filter((l) =>
      l.includes('criado'),
    );
    expect(created).toHaveLength(4);
    expect(await page.getByTestId('import-status-2').getAttribute('data-failed')).toBe('true');
    expect(await page.getByTestId('import-status-5').getAttribute('data-status')).toBe('1');
    await formScreenshot(page, 'passengers-import-done');

    const inSchool = await api.call<Passenger[]>('GET', `/api/passengers?groupId=${schoolId}`);
    expect(inSchool.map((p) => [p.name, p.cardId, p.phone, p.notes])).toEqual([
      [`${tag} Aluno 1`, `C1${TAG}`, '923100001', 'manhã'],
      [`${tag} Aluno 2`, `C2${TAG}`, '923100002', ''],
      [`${tag} Aluno 4`, `C4${TAG}`, '', 'tarde'],
      [`${tag} Aluno 6`, `C6${TAG}`, '923100006', ''],
    ]);

    await page.getByRole('button', { name: 'Fechar' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/passengers');
    await openList(page, '/settings/passengers');
    await search(page, `${tag} aluno`);
    expect(await columnTexts(page, 'name')).toEqual([1, 2, 4, 6].map((n) => `${tag} Aluno ${n}`));
    expect(new Set(await columnTexts(page, 'group'))).toEqual(new Set([`${tag} Escola Norte`]));
  });
});
