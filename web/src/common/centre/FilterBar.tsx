/**
 * The filter bar of the big event-like tables (the alert central, the refill centre): a wrapping row of
 * multi-select filters with the all/others rule (document 2 §2.8) and the date range, and the fleet's
 * choices both offer (vehicles, groups and drivers, "others" for none).
 */
import { useMemo } from 'react';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../api/queries';
import { compareText } from '../listSearch';
import { useReportDevices, useReportDrivers } from '../../api/filterLists';
import { deviceLabel } from '../selection';
import { AlertPickers } from '../pickers/AlertPickers';
import type { DayRange } from '../period/alertPeriod';
import { DateRangeFields } from '../pickers/DateRangeFields';
import { MultiFilter, type FilterOption } from './MultiFilter';

/** "Others": no group, or no driver (the server's `0`). */
const OTHERS = '0';

const byLabel = (a: FilterOption, b: FilterOption) => compareText(a.label, b.label);

export interface FleetOptions {
  devices: FilterOption[];
  groups: FilterOption[];
  drivers: FilterOption[];
}

/** The vehicles, groups and drivers the user sees, sorted by name; groups and drivers end with "others". */
export function useFleetOptions(): FleetOptions {
  const { t } = useTranslation();
  const groups = useGroups();
  const devices = useReportDevices();
  const drivers = useReportDrivers();
  return useMemo(() => {
    const others = { value: OTHERS, label: t('alerts.others') };
    return {
      devices: (devices.data ?? [])
        .map((d) => ({ value: String(d.id), label: deviceLabel(d) }))
        .sort(byLabel),
      groups: [
        ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })).sort(byLabel),
        others,
      ],
      drivers: [
        ...(drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.name })).sort(byLabel),
        others,
      ],
    };
  }, [t, groups.data, devices.data, drivers.data]);
}

/** One multi-select of the bar: the filter it sets, its label, its choices and its test id. */
export interface FilterSpec<K extends string> {
  key: K;
  label: string;
  options: FilterOption[];
  testId: string;
}

export interface FilterBarProps<K extends string> {
  specs: FilterSpec<K>[];
  filters: Record<K, string[]>;
  onFilters: (filters: Record<K, string[]>) => void;
  days: DayRange;
  onDays: (days: DayRange) => void;
  testId: string;
  periodTestId?: string;
}

export function FilterBar<K extends string>(props: FilterBarProps<K>) {
  const { specs, filters, onFilters, days, onDays } = props;
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      data-testid={props.testId}
    >
      {specs.map((spec) => (
        <MultiFilter
          key={spec.key}
          label={spec.label}
          options={spec.options}
          value={filters[spec.key]}
          onChange={(value) => onFilters({ ...filters, [spec.key]: value })}
          testId={spec.testId}
        />
      ))}
      <AlertPickers>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ flex: '1 1 348px', minWidth: 348, maxWidth: 420 }}
          data-testid={props.periodTestId}
        >
          <DateRangeFields value={days} onChange={onDays} />
        </Stack>
      </AlertPickers>
    </Stack>
  );
}
