/** Event follow-up statuses (document 2 §4): any may follow any, no order is enforced. */
export const EVENT_STATUSES = [0, 1, 2, 3] as const;
export type EventStatusId = (typeof EVENT_STATUSES)[number];

/** 0 Por resolver red, 1 Em resolução yellow, 2 Resolvido green, 3 Ignorado blue. */
export const STATUS_COLOURS: Record<EventStatusId, { bg: string; fg: string }> = {
  0: { bg: '#d32f2f', fg: '#ffffff' },
  1: { bg: '#fbc02d', fg: '#000000' },
  2: { bg: '#2e7d32', fg: '#ffffff' },
  3: { bg: '#1976d2', fg: '#ffffff' },
};

export const isEventStatus = (value: unknown): value is EventStatusId =>
  EVENT_STATUSES.includes(value as EventStatusId);

/** A status from the server, 0 (Por resolver) when missing or unknown. */
export const statusOf = (value: unknown): EventStatusId => {
  const n = Number(value);
  return isEventStatus(n) ? n : 0;
};

export const statusKey = (status: EventStatusId): string => `alerts.status.${status}`;
