import { MANAGEMENT_MESSAGES as M } from '@frota/core';
import { describe, expect, it } from 'vitest';
import type { Device } from '../api/types';
import { loadLanguageTable, type Table } from '../i18n/tables';
import { costBody, costProblem, newCost } from './costForm';
import { dataUrlBytes, documentBody, documentProblem, newDocument } from './documentForm';
import { maintenanceBody, maintenanceProblem, newMaintenance, setComplete } from './maintenanceForm';
import { setMode, settingsDraft, settingsPatch, settingsProblem } from './maintenanceSettings';

const TODAY = '2026-11-25';

describe('maintenance form (document 3 §2, §4, §5)', () => {
  it('starts today, not complete, and refuses with the rules of core', () => {
    const draft = newMaintenance(TODAY);
    expect(draft).toMatchObject({ date_start: TODAY, date_end: TODAY, complete: false });
    expect(maintenanceProblem(draft)).toBe(M.kmRequired);
    expect(maintenanceProblem({ ...draft, km: '12a' })).toBe(M.kmNumeric);
    expect(maintenanceProblem({ ...draft, km: '1000' })).toBe(M.descriptionRequired);
    const filled = { ...draft, km: '1000', description: 'Revisão' };
    expect(maintenanceProblem({ ...filled, cost: 'abc' })).toBe(M.costNumeric);
    expect(maintenanceProblem({ ...filled, periodicity_km: 'x' })).toBe(M.periodicityNumeric);
    expect(maintenanceProblem({ ...filled, hours: 'x' })).toBe(M.hoursNumeric);
    expect(maintenanceProblem({ ...filled, complete: true, date_end: '' })).toBe(M.endDateRequired);
    expect(maintenanceProblem(filled)).toBeNull();
  });

  it('shows the end date when completed and clears it when unchecked', () => {
    const open = { ...newMaintenance(TODAY), date_end: '' };
    const done = setComplete(open, true, TODAY);
    expect(done).toMatchObject({ complete: true, date_end: TODAY });
    expect(setComplete({ ...done, date_end: '2026-11-20' }, false, TODAY)).toMatchObject({
      complete: false,
      date_end: '',
    });
  });

  it('saves amounts typed with a decimal comma and no end date while open', () => {
    const body = maintenanceBody({
      ...newMaintenance(TODAY),
      km: '120.500',
      description: ' Óleo ',
      cost: '1.234,56',
      periodicity_km: '15000',
    });
    expect(body).toMatchObject({
      km: 120.5,
      cost: 1234.56,
      periodicity_km: 15000,
      complete: 0,
      date_end: null,
    });
    expect(body.description).toBe('Óleo');
  });
});

describe('cost form', () => {
  it('defaults to today without expiry, needs the expiry date with the checkbox', () => {
    const draft = { ...newCost(TODAY), cost: '250,5', designation: 'Seguro anual', cost_type: 'insurance' };
    expect(newCost(TODAY)).toMatchObject({ cost_date: TODAY, expiry_date: TODAY, warning: false });
    expect(costProblem({ ...draft, cost: '' })).toBe(M.costRequired);
    expect(costProblem({ ...draft, cost_type: '' })).toBe(M.costTypeRequired);
    expect(costProblem({ ...draft, warning: true, expiry_date: '' })).toBe(M.expiryRequired);
    expect(costProblem(draft)).toBeNull();
    expect(costBody(draft)).toMatchObject({ cost: 250.5, warning: 0, expiry_date: null });
    expect(costBody({ ...draft, warning: true, expiry_date: '2027-01-01' })).toMatchObject({
      warning: 1,
      expiry_date: '2027-01-01',
    });
  });
});

describe('document form', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';

  it('needs a file for a new document and refuses one above 5 MB', () => {
    const draft = { ...newDocument(TODAY), designation: 'Inspecção', document_type: 'inspection' };
    expect(documentProblem(draft)).toBe(M.fileRequired);
    expect(documentProblem({ ...draft, file: { name: 'a.png', content: png, size: 8 } })).toBeNull();
    expect(documentProblem({ ...draft, file: { name: 'a.png', content: png, size: 5_242_881 } })).toBe(
      M.fileTooLarge,
    );
    expect(documentProblem({ ...draft, id: 3 })).toBeNull();
    expect(documentProblem({ ...draft, document_type: '' })).toBe(M.documentTypeRequired);
    expect(documentBody({ ...draft, id: 3 })).not.toHaveProperty('file');
  });

  it('counts the bytes of a data URL', () => {
    expect(dataUrlBytes(png)).toBe(8);
    expect(dataUrlBytes(`data:text/plain;base64,${btoa('hello')}`)).toBe(5);
  });
});

describe('maintenance settings', () => {
  const device = (attributes: Record<string, unknown>): Device => ({
    id: 1,
    name: 'V',
    uniqueId: 'u',
    attributes,
  });

  it('reads the mode (automatic when only a periodicity is set) and clears the periodicity for manual', () => {
    expect(settingsDraft(device({ automaticMaintenancePeriodicity: 10000 }))).toMatchObject({
      mode: 'automatic',
      periodicity: '10000',
    });
    const manual = setMode({ mode: 'automatic', periodicity: '10000' }, 'manual');
    expect(manual).toEqual({ mode: 'manual', periodicity: '' });
    // only the two attributes are sent (a merge patch: null removes the periodicity), nothing cached
    expect(settingsPatch(manual)).toEqual({
      attributes: { automaticMaintenance: 'manual', automaticMaintenancePeriodicity: null },
    });
    expect(settingsPatch({ mode: 'automatic', periodicity: '7500,5' })).toEqual({
      attributes: { automaticMaintenance: 'automatic', automaticMaintenancePeriodicity: 7500.5 },
    });
    expect(settingsProblem({ mode: 'automatic', periodicity: '' })).toBe(M.periodicityNumeric);
  });
});

describe('management texts', () => {
  it('words the validation messages in Portuguese exactly as the server answers them', async () => {
    const pt = (await loadLanguageTable('pt')) as { management: { validation: Table } };
    expect(pt.management.validation).toEqual(M);
    expect(M.fileTooLarge).toBe('O tamanho máximo permitido é de 5 MB');
  });
});
