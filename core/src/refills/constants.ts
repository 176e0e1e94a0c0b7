/** Constants of the refill area (document 3 §2, §3, §5, §8, §9). */

export const REFILLS_PERMISSION = 'module.refills';
/** The per-vehicle refill list and form also open from the management area. */
export const REFILL_PERMISSIONS = ['module.refills', 'management.summary'];

export const REFILL_TYPES = ['M', 'A'] as const;
export type RefillType = (typeof REFILL_TYPES)[number];

export const FUEL_TYPES = ['diesel', 'gasoline'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const MAX_REFILL_PERIOD_DAYS = 365;
export const REFILL_PERIOD_TOO_LONG = `Por favor seleccione um período máximo de ${MAX_REFILL_PERIOD_DAYS} dias`;

export const REFILL_PAGE_SIZE = 100;
export const QR_DOWNLOAD_SIZE = 500;

export const REFILL_SHARED = 'Abastecimento enviado por e-mail!';
export const REFILL_SHARE_FAILED = 'Erro a enviar e-mail!';
export const INVALID_SHARE_TO = 'Endereço de e-mail de destino inválido';
export const INVALID_SHARE_CC = 'Endereço de e-mail de CC inválido';
