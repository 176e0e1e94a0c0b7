/**
 * Validation of the maintenance, cost and document forms (document 3 §4, §5), shared by the server (400 with
 * the message) and the web forms. Each validator answers the clean values or the first Portuguese message.
 */
import { parseAmount, parseFlag } from './amounts';
import {
  COST_TYPES,
  DOCUMENT_TYPES,
  MANAGEMENT_MESSAGES as M,
  type CostType,
  type DocumentType,
} from './constants';
import { parseDay } from './dates';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

type Input = Record<string, unknown>;

class Invalid extends Error {}

function check<T>(build: () => T): Checked<T> {
  try {
    return { ok: true, value: build() };
  } catch (err) {
    if (err instanceof Invalid) return { ok: false, message: err.message };
    throw err;
  }
}

const fail = (message: string): never => {
  throw new Invalid(message);
};

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

/** An optional number ≥ 0: empty → null, otherwise numeric or the message. */
function optionalNumber(v: unknown, message: string): number | null {
  const n = parseAmount(v);
  if (n === null) return null;
  if (Number.isNaN(n) || n < 0) fail(message);
  return n;
}

export interface MaintenanceValues {
  dateStart: string;
  dateEnd: string | null;
  complete: 0 | 1;
  description: string;
  km: number;
  periodicityKm: number | null;
  hours: number | null;
  periodicityHours: number | null;
  location: string;
  cost: number | null;
  invoice: string;
}

export function validateMaintenance(input: Input): Checked<MaintenanceValues> {
  return check(() => {
    const kmValue = parseAmount(input.km);
    if (kmValue === null) fail(M.kmRequired);
    if (Number.isNaN(kmValue) || kmValue! < 0) fail(M.kmNumeric);
    const description = text(input.description);
    if (!description) fail(M.descriptionRequired);
    const dateStart = parseDay(input.date_start) ?? fail(M.startDateRequired);
    const complete = parseFlag(input.complete);
    let dateEnd: string | null = null;
    if (complete) {
      dateEnd = parseDay(input.date_end) ?? fail(M.endDateRequired);
      if (dateEnd < dateStart) fail(M.endBeforeStart);
    }
    return {
      dateStart,
      dateEnd,
      complete,
      description,
      km: kmValue!,
      periodicityKm: optionalNumber(input.periodicity_km, M.periodicityNumeric),
      hours: optionalNumber(input.hours, M.hoursNumeric),
      periodicityHours: optionalNumber(input.periodicity_hours, M.periodicityNumeric),
      location: text(input.location),
      cost: optionalNumber(input.cost, M.costNumeric),
      invoice: text(input.invoice),
    };
  });
}

export interface CostValues {
  costDate: string;
  costType: CostType;
  entity: string;
  designation: string;
  invoice: string;
  cost: number;
  warning: 0 | 1;
  expiryDate: string | null;
}

export function validateCost(input: Input): Checked<CostValues> {
  return check(() => {
    const amount = parseAmount(input.cost);
    if (amount === null) fail(M.costRequired);
    if (Number.isNaN(amount)) fail(M.costNumeric);
    const designation = text(input.designation ?? input.description);
    if (!designation) fail(M.descriptionRequired);
    const costDate = parseDay(input.cost_date) ?? fail(M.dateRequired);
    const costType = text(input.cost_type) as CostType;
    if (!COST_TYPES.includes(costType)) fail(M.costTypeRequired);
    const warning = parseFlag(input.warning);
    const expiryDate = warning ? (parseDay(input.expiry_date) ?? fail(M.expiryRequired)) : null;
    return {
      costDate,
      costType,
      entity: text(input.entity),
      designation,
      invoice: text(input.invoice),
      cost: amount!,
      warning,
      expiryDate,
    };
  });
}

export interface DocumentValues {
  designation: string;
  documentType: DocumentType;
  warning: 0 | 1;
  expiryDate: string | null;
  dateStart: string | null;
}

/** The document's fields; the file is checked on its bytes by the server (and by size in the form). */
export function validateDocument(input: Input): Checked<DocumentValues> {
  return check(() => {
    const designation = text(input.designation ?? input.description);
    if (!designation) fail(M.descriptionRequired);
    const documentType = text(input.document_type) as DocumentType;
    if (!DOCUMENT_TYPES.includes(documentType)) fail(M.documentTypeRequired);
    const warning = parseFlag(input.warning);
    const expiryDate = warning ? (parseDay(input.expiry_date) ?? fail(M.expiryRequired)) : null;
    return { designation, documentType, warning, expiryDate, dateStart: parseDay(input.date_start) };
  });
}
