import { expiryState } from '@frota/core';
import type { ExpiryState } from '@frota/core';

/** Days left of an item with an expiry; `data-state` gives its colour state (document 3 §4). */
export function ExpiryCell({
  testId,
  days,
  state,
}: {
  testId: string;
  days: number | null | undefined;
  state?: ExpiryState | null;
}) {
  if (days === null || days === undefined) return null;
  return (
    <span data-testid={testId} data-state={state ?? expiryState(days)}>
      {days}
    </span>
  );
}

export const EXPIRY_TONES = { expired: 'error', soon: 'warning', ok: null } as const;
