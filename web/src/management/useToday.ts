import { todayIn } from '@frota/core';
import { useSession } from '../session/sessionContext';
import { DEFAULT_TIMEZONE } from '../common/formatters';

/** Today (YYYY-MM-DD) in the user's timezone: the day the management dates count from. */
export function useToday(): string {
  const { user } = useSession();
  const timezone = user?.attributes?.timezone;
  return todayIn(typeof timezone === 'string' && timezone ? timezone : DEFAULT_TIMEZONE);
}
