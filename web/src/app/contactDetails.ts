import type { ClientDetails } from '../api/types';

export interface ContactInfo {
  name: string;
  address: string;
  gps: { latitude: number; longitude: number; text: string } | null;
  emails: string[];
  phones: { text: string; digits: string }[];
}

const splitList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/[\n,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The sales contact of the client details, split into links (several e-mails and phones, one per line). */
export function contactInfo(details: ClientDetails | undefined): ContactInfo {
  const [lat, lon] = (details?.sales_gps ?? '').split(/[,;\s]+/).map(Number);
  const gps =
    Number.isFinite(lat) && Number.isFinite(lon) && details?.sales_gps
      ? { latitude: lat, longitude: lon, text: details.sales_gps.trim() }
      : null;
  return {
    name: details?.sales_name?.trim() ?? '',
    address: details?.sales_address?.trim() ?? '',
    gps,
    emails: splitList(details?.sales_email).flatMap((item) => item.split(/\s+/)),
    phones: splitList(details?.sales_phone).map((text) => ({ text, digits: text.replace(/[^\d]/g, '') })),
  };
}
