import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/sessionContext';
import { alertTypeName, offeredAlertTypes } from './alertTypes';
import type { DayRange } from '../common/period/alertPeriod';
import { EVENT_STATUSES, statusKey } from './eventStatus';
import type { EventFilters } from './eventsQuery';
import { FilterBar, useFleetOptions } from '../common/centre/FilterBar';

export interface AlertFiltersProps {
  filters: EventFilters;
  onFilters: (filters: EventFilters) => void;
  days: DayRange;
  onDays: (days: DayRange) => void;
}

/** Status, type, group, vehicle and driver filters and the date range of the alert central. */
export function AlertFilters({ filters, onFilters, days, onDays }: AlertFiltersProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const fleet = useFleetOptions();
  const status = EVENT_STATUSES.map((s) => ({ value: String(s), label: t(statusKey(s)) }));
  const types = offeredAlertTypes(user).map((type) => ({ value: type, label: alertTypeName(type, t) }));
  return (
    <FilterBar<keyof EventFilters>
      specs={[
        { key: 'status', label: t('alerts.statusLabel'), options: status, testId: 'events-filter-status' },
        { key: 'types', label: t('alerts.eventType'), options: types, testId: 'events-filter-type' },
        { key: 'groups', label: t('alerts.group'), options: fleet.groups, testId: 'events-filter-group' },
        {
          key: 'devices',
          label: t('alerts.vehicle'),
          options: fleet.devices,
          testId: 'events-filter-vehicle',
        },
        { key: 'drivers', label: t('alerts.driver'), options: fleet.drivers, testId: 'events-filter-driver' },
      ]}
      filters={filters}
      onFilters={onFilters}
      days={days}
      onDays={onDays}
      testId="events-filters"
    />
  );
}
