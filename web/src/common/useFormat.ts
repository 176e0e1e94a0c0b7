import { useMemo } from 'react';
import { useClientDetails } from '../api/queries';
import { useSession } from '../session/sessionContext';
import { DEFAULT_TIMEZONE, formatCurrency, formatDate, formatDateTime } from './formatters';

type DateInput = Parameters<typeof formatDateTime>[0];

export interface Format {
  dateTime: (value: DateInput) => string;
  date: (value: DateInput) => string;
  currency: (value: number | string | null | undefined) => string;
}

/** Formatters bound to the session user's timezone and the client's currency symbol. */
export function useFormat(): Format {
  const { user } = useSession();
  const details = useClientDetails();
  const timezone =
    typeof user?.attributes?.timezone === 'string' ? user.attributes.timezone : DEFAULT_TIMEZONE;
  const symbol = details.data?.currency_symbol ?? '';
  return useMemo(
    () => ({
      dateTime: (value) => formatDateTime(value, timezone),
      date: (value) => formatDate(value, timezone),
      currency: (value) => formatCurrency(value, symbol),
    }),
    [timezone, symbol],
  );
}
