import { FUEL_TYPES, REFILL_TYPES } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { FilterBar, useFleetOptions } from '../common/centre/FilterBar';
import type { DayRange } from './refillPeriod';
import type { RefillFilters as Filters } from './refillsQuery';

export interface RefillFiltersProps {
  filters: Filters;
  onFilters: (filters: Filters) => void;
  days: DayRange;
  onDays: (days: DayRange) => void;
}

/** Type, vehicle, group, fuel and driver filters and the date range of the refill centre (document 3 §2). */
export function RefillFilters({ filters, onFilters, days, onDays }: RefillFiltersProps) {
  const { t } = useTranslation();
  const fleet = useFleetOptions();
  const types = REFILL_TYPES.map((type) => ({ value: type, label: t(`refills.type.${type}`) }));
  const fuels = FUEL_TYPES.map((fuel) => ({ value: fuel, label: t(`refills.fuel.${fuel}`) }));
  return (
    <FilterBar<keyof Filters>
      specs={[
        { key: 'types', label: t('refills.typeLabel'), options: types, testId: 'refills-filter-type' },
        {
          key: 'devices',
          label: t('refills.vehicle'),
          options: fleet.devices,
          testId: 'refills-filter-vehicle',
        },
        { key: 'groups', label: t('refills.group'), options: fleet.groups, testId: 'refills-filter-group' },
        { key: 'fuels', label: t('refills.fuelLabel'), options: fuels, testId: 'refills-filter-fuel' },
        {
          key: 'drivers',
          label: t('refills.driver'),
          options: fleet.drivers,
          testId: 'refills-filter-driver',
        },
      ]}
      filters={filters}
      onFilters={onFilters}
      days={days}
      onDays={onDays}
      testId="refills-filters"
      periodTestId="refills-period"
    />
  );
}
