import { useMemo } from 'react';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../api/queries';
import { useCurrentUser } from '../app/sessionContext';
import { compareText } from '../common/listSearch';
import { useReportDevices, useReportDrivers } from '../reports/reportData';
import { deviceLabel } from '../reports/selection';
import { alertTypeName, offeredAlertTypes } from './alertTypes';
import { AlertPickers } from './AlertPickers';
import type { DayRange } from './alertPeriod';
import { DateRangeFields } from './DateRangeFields';
import { EVENT_STATUSES, statusKey } from './eventStatus';
import type { EventFilters } from './eventsQuery';
import { MultiFilter, type FilterOption } from './MultiFilter';

/** "Others": no group, or no driver (contract item 4: `0`). */
const OTHERS = '0';

const byLabel = (a: FilterOption, b: FilterOption) => compareText(a.label, b.label);

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
  const groups = useGroups();
  const devices = useReportDevices();
  const drivers = useReportDrivers();

  const options = useMemo(() => {
    const others = { value: OTHERS, label: t('alerts.others') };
    return {
      status: EVENT_STATUSES.map((s) => ({ value: String(s), label: t(statusKey(s)) })),
      types: offeredAlertTypes(user).map((type) => ({ value: type, label: alertTypeName(type, t) })),
      groups: [
        ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })).sort(byLabel),
        others,
      ],
      devices: (devices.data ?? [])
        .map((d) => ({ value: String(d.id), label: deviceLabel(d) }))
        .sort(byLabel),
      drivers: [
        ...(drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.name })).sort(byLabel),
        others,
      ],
    };
  }, [t, user, groups.data, devices.data, drivers.data]);

  const set = (key: keyof EventFilters) => (value: string[]) => onFilters({ ...filters, [key]: value });
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      data-testid="events-filters"
    >
      <MultiFilter
        label={t('alerts.statusLabel')}
        options={options.status}
        value={filters.status}
        onChange={set('status')}
        testId="events-filter-status"
      />
      <MultiFilter
        label={t('alerts.eventType')}
        options={options.types}
        value={filters.types}
        onChange={set('types')}
        testId="events-filter-type"
      />
      <MultiFilter
        label={t('alerts.group')}
        options={options.groups}
        value={filters.groups}
        onChange={set('groups')}
        testId="events-filter-group"
      />
      <MultiFilter
        label={t('alerts.vehicle')}
        options={options.devices}
        value={filters.devices}
        onChange={set('devices')}
        testId="events-filter-vehicle"
      />
      <MultiFilter
        label={t('alerts.driver')}
        options={options.drivers}
        value={filters.drivers}
        onChange={set('drivers')}
        testId="events-filter-driver"
      />
      <AlertPickers>
        <Stack direction="row" spacing={1.5} sx={{ flex: '1 1 300px', minWidth: 0, maxWidth: 400 }}>
          <DateRangeFields value={days} onChange={onDays} />
        </Stack>
      </AlertPickers>
    </Stack>
  );
}
