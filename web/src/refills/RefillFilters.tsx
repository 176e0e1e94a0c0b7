import { useMemo } from 'react';
import { Stack } from '@mui/material';
import { FUEL_TYPES, REFILL_TYPES } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../api/queries';
import { AlertPickers } from '../alerts/AlertPickers';
import { DateRangeFields } from '../alerts/DateRangeFields';
import { MultiFilter, type FilterOption } from '../alerts/MultiFilter';
import { compareText } from '../common/listSearch';
import { useReportDevices, useReportDrivers } from '../reports/reportData';
import { deviceLabel } from '../reports/selection';
import type { DayRange } from './refillPeriod';
import type { RefillFilters as Filters } from './refillsQuery';

/** "Others": no group, or no driver (the server's `0`). */
const OTHERS = '0';

const byLabel = (a: FilterOption, b: FilterOption) => compareText(a.label, b.label);

export interface RefillFiltersProps {
  filters: Filters;
  onFilters: (filters: Filters) => void;
  days: DayRange;
  onDays: (days: DayRange) => void;
}

/** Type, vehicle, group, fuel and driver filters and the date range of the refill centre (document 3 §2). */
export function RefillFilters({ filters, onFilters, days, onDays }: RefillFiltersProps) {
  const { t } = useTranslation();
  const groups = useGroups();
  const devices = useReportDevices();
  const drivers = useReportDrivers();

  const options = useMemo(() => {
    const others = { value: OTHERS, label: t('alerts.others') };
    return {
      types: REFILL_TYPES.map((type) => ({ value: type, label: t(`refills.type.${type}`) })),
      devices: (devices.data ?? [])
        .map((d) => ({ value: String(d.id), label: deviceLabel(d) }))
        .sort(byLabel),
      groups: [
        ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })).sort(byLabel),
        others,
      ],
      fuels: FUEL_TYPES.map((fuel) => ({ value: fuel, label: t(`refills.fuel.${fuel}`) })),
      drivers: [
        ...(drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.name })).sort(byLabel),
        others,
      ],
    };
  }, [t, groups.data, devices.data, drivers.data]);

  const set = (key: keyof Filters) => (value: string[]) => onFilters({ ...filters, [key]: value });
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      data-testid="refills-filters"
    >
      <MultiFilter
        label={t('refills.typeLabel')}
        options={options.types}
        value={filters.types}
        onChange={set('types')}
        testId="refills-filter-type"
      />
      <MultiFilter
        label={t('refills.vehicle')}
        options={options.devices}
        value={filters.devices}
        onChange={set('devices')}
        testId="refills-filter-vehicle"
      />
      <MultiFilter
        label={t('refills.group')}
        options={options.groups}
        value={filters.groups}
        onChange={set('groups')}
        testId="refills-filter-group"
      />
      <MultiFilter
        label={t('refills.fuelLabel')}
        options={options.fuels}
        value={filters.fuels}
        onChange={set('fuels')}
        testId="refills-filter-fuel"
      />
      <MultiFilter
        label={t('refills.driver')}
        options={options.drivers}
        value={filters.drivers}
        onChange={set('drivers')}
        testId="refills-filter-driver"
      />
      <AlertPickers>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ flex: '1 1 300px', minWidth: 0, maxWidth: 400 }}
          data-testid="refills-period"
        >
          <DateRangeFields value={days} onChange={onDays} />
        </Stack>
      </AlertPickers>
    </Stack>
  );
}
