import { useCallback, useMemo } from 'react';
import { Alert, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Passenger } from '@frota/core';
import type { Device, Driver, Geofence, Group } from '../api/types';
import { compareText } from '../common/listSearch';
import { COST_TYPES } from './reportDefs';
import { CostTypesField, EventTypesField } from './CheckListField';
import { GroupHoursPanel } from './GroupHoursPanel';
import { ItemPicker } from '../common/pickers/ItemPicker';
import { OptionFields } from './OptionFields';
import type { Period } from '../common/period/period';
import { PeriodField } from './PeriodField';
import { fetchGroupDrivers } from './reportData';
import { visibleFields, type FieldKey, type ReportDef } from './reportDefs';
import { showsWorkingHours, type ReportFormState } from './reportForm';
import { deviceLabel, devicesOfGroup, groupsWithMembers, passengersOfGroup } from '../common/selection';
import { WorkingHoursPanel } from './WorkingHoursPanel';
import { ZoneFilter } from './ZoneFilter';

export interface FilterLists {
  devices: Device[];
  drivers: Driver[] | undefined;
  groups: Group[] | undefined;
  geofences: Geofence[] | undefined;
  events: string[];
  loading: boolean;
  /** The passenger reports' picker list. */
  passengers?: Passenger[];
}

interface Props {
  def: ReportDef;
  form: ReportFormState;
  onChange: (change: (form: ReportFormState) => ReportFormState) => void;
  lists: FilterLists;
  period: Period | null;
  timezone: string;
  years: boolean;
  /** The server-given order of the option fields. */
  optionOrder?: FieldKey[];
}

/** The report filter form of document 2 §2.2 for one report. */
export function FilterForm({ def, form, onChange, lists, period, timezone, years, optionOrder }: Props) {
  const { t } = useTranslation();
  const set = useCallback(
    <K extends keyof ReportFormState>(key: K, value: ReportFormState[K]) =>
      onChange((current) => ({ ...current, [key]: value })),
    [onChange],
  );
  const { devices, drivers, groups } = lists;
  const vehicleItems = useMemo(() => devices.map((d) => ({ id: d.id, label: deviceLabel(d) })), [devices]);
  const driverItems = useMemo(
    () =>
      [...(drivers ?? [])]
        .sort((a, b) => compareText(a.name, b.name))
        .map((d) => ({ id: d.id, label: d.name })),
    [drivers],
  );
  const vehicleGroups = useMemo(
    () => groupsWithMembers(groups, (id) => devicesOfGroup(id, groups ?? [], devices).length),
    [groups, devices],
  );
  const driverGroups = useMemo(() => groupsWithMembers(groups, () => 1), [groups]);
  const passengerList = lists.passengers;
  const passengerItems = useMemo(
    () =>
      [...(passengerList ?? [])]
        .sort((a, b) => compareText(a.name, b.name))
        .map((p) => ({ id: p.id, label: p.cardId ? `${p.name} (${p.cardId})` : p.name })),
    [passengerList],
  );
  const passengerGroups = useMemo(
    () => groupsWithMembers(groups, (id) => passengersOfGroup(id, groups ?? [], passengerList ?? []).length),
    [groups, passengerList],
  );
  const byDriver = def.drivers && form.itemsType === 'D';
  const chosenGroups = useMemo(() => {
    if (!def.groupHours) return [];
    const ids = new Set<number | null | undefined>([
      ...devices.filter((d) => form.devices.includes(d.id)).map((d) => d.groupId),
      ...form.groups,
    ]);
    return (groups ?? []).filter((group) => ids.has(group.id));
  }, [def.groupHours, devices, form.devices, form.groups, groups]);
  const groupItems = useMemo(
    () =>
      [...(groups ?? [])]
        .sort((a, b) => compareText(a.name, b.name))
        .map((group) => ({ id: group.id, label: group.name })),
    [groups],
  );

  return (
    <Stack spacing={2}>
      <PeriodField
        kind={def.period}
        value={form.period}
        onChange={(value) => set('period', value)}
        month={form.month}
        onMonth={(month) => set('month', month)}
        period={period}
        timezone={timezone}
        years={years}
      />
      {def.drivers && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={form.itemsType}
          onChange={(_, value: 'V' | 'D' | null) => value && set('itemsType', value)}
          data-testid="report-items-type"
        >
          <ToggleButton value="V" data-testid="report-by-vehicle">
            {t('reports.byVehicle')}
          </ToggleButton>
          <ToggleButton value="D" data-testid="report-by-driver">
            {t('reports.byDriver')}
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {byDriver ? (
        <ItemPicker
          label={t('reports.drivers')}
          items={driverItems}
          groups={driverGroups}
          expand={fetchGroupDrivers}
          selected={form.drivers}
          onChange={(ids) => set('drivers', ids)}
          testId="report-drivers"
          loading={!drivers}
        />
      ) : (
        <ItemPicker
          label={t('reports.vehicles')}
          items={vehicleItems}
          groups={vehicleGroups}
          expand={(id) => devicesOfGroup(id, groups ?? [], devices)}
          selected={form.devices}
          onChange={(ids) => set('devices', ids)}
          testId="report-devices"
          loading={lists.loading}
        />
      )}
      {def.groupPicker && !byDriver && (
        <ItemPicker
          label={t('reports.groups')}
          items={groupItems}
          groups={[]}
          expand={() => []}
          selected={form.groups}
          onChange={(ids) => set('groups', ids)}
          testId="report-groups"
          loading={!groups}
        />
      )}
      {def.deviceFilter && !lists.loading && devices.length === 0 && (
        <Alert severity="info" data-testid="report-no-devices">
          {t(`reports.noDevices.${def.deviceFilter}`)}
        </Alert>
      )}
      {def.passengers && (
        <ItemPicker
          label={t('reports.passengers')}
          items={passengerItems}
          groups={passengerGroups}
          expand={(id) => passengersOfGroup(id, groups ?? [], passengerList ?? [])}
          selected={form.passengers}
          onChange={(ids) => set('passengers', ids)}
          testId="report-passengers"
          loading={!passengerList}
        />
      )}
      {def.zones && (
        <ZoneFilter
          geofences={lists.geofences}
          speedLimitOnly={def.zones === 'speedLimit'}
          filter={form.geofenceFilter}
          onFilter={(on) => set('geofenceFilter', on)}
          selected={form.geofences}
          onChange={(ids) => set('geofences', ids)}
          alwaysOn={def.zonesRequired}
        />
      )}
      {def.events && (
        <EventTypesField
          offered={lists.events}
          chosen={form.events}
          onChange={(chosen) => set('events', chosen)}
        />
      )}
      {def.costTypes && (
        <CostTypesField
          offered={COST_TYPES}
          chosen={form.costTypes}
          onChange={(chosen) => set('costTypes', chosen)}
        />
      )}
      <OptionFields
        fields={visibleFields(def.fields, form.fields, optionOrder)}
        values={form.fields}
        onChange={(values) => set('fields', values)}
      />
      {showsWorkingHours(def, form) && (
        <WorkingHoursPanel week={form.week} onChange={(week) => set('week', week)} />
      )}
      {def.groupHours && (
        <GroupHoursPanel
          groups={chosenGroups}
          hours={form.groupHours}
          onChange={(hours) => set('groupHours', hours)}
        />
      )}
    </Stack>
  );
}
