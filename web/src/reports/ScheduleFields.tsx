import { useMemo } from 'react';
import { MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Device, Driver, Geofence, Group } from '../api/types';
import { compareText } from '../common/listSearch';
import { EventTypesField } from './CheckListField';
import { ItemPicker } from '../common/pickers/ItemPicker';
import { OptionFields } from './OptionFields';
import { fetchGroupDrivers } from './reportData';
import {
  changeIdsType,
  changeType,
  showsScheduleWorkingHours,
  type Periodicity,
  type ScheduleDraft,
} from './scheduleForm';
import { scheduleFormats, scheduleType, type ScheduleType } from './scheduleTypes';
import { deviceLabel, devicesOfGroup, groupsWithMembers } from '../common/selection';
import { WorkingHoursPanel } from './WorkingHoursPanel';
import { ZoneFilter } from './ZoneFilter';

interface Props {
  draft: ScheduleDraft;
  update: (change: (draft: ScheduleDraft) => ScheduleDraft) => void;
  types: ScheduleType[];
  devices: Device[];
  drivers: Driver[] | undefined;
  groups: Group[] | undefined;
  geofences: Geofence[] | undefined;
  events: string[];
}

const select = (testId: string) => ({ select: { SelectDisplayProps: { 'data-testid': testId } as object } });

/** The fields of a scheduled report (document 2 §2.5, §3). */
/** A weekday as a sentence names it: small in the languages that write it so (the table says which). */
const weekdayInSentence = (t: TFunction, day: number): string => {
  const name = t(`reports.weekday.${day}`);
  return t('reports.weekdaySmallInSentence') === 'true' ? name.toLocaleLowerCase() : name;
};

export function ScheduleFields({ draft, update, types, devices, drivers, groups, geofences, events }: Props) {
  const { t } = useTranslation();
  const type = scheduleType(draft.type);
  const set = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) =>
    update((d) => ({ ...d, [key]: value }));
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
  const offeredTypes = type && !types.some((item) => item.type === type.type) ? [...types, type] : types;
  const byDriver = !!type?.drivers && draft.idsType === 'D';

  return (
    <Stack spacing={2}>
      <TextField
        label={t('reports.scheduleName')}
        helperText={t('reports.scheduleNameHelp')}
        value={draft.name}
        onChange={(e) => set('name', e.target.value)}
        required
        slotProps={{ htmlInput: { 'data-testid': 'schedule-name' } }}
      />
      <TextField
        select
        label={t('reports.reportType')}
        value={draft.type}
        onChange={(e) => update((d) => changeType(d, e.target.value))}
        slotProps={select('schedule-type')}
      >
        {offeredTypes.map((item) => (
          <MenuItem key={item.type} value={item.type} data-testid={`schedule-type-${item.type}`}>
            {t(`route.report_${item.type}`)}
          </MenuItem>
        ))}
      </TextField>
      {type?.drivers && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={draft.idsType}
          onChange={(_, value: 'V' | 'D' | null) => value && update((d) => changeIdsType(d, value))}
          data-testid="schedule-ids-type"
        >
          <ToggleButton value="V" data-testid="schedule-by-vehicle">
            {t('reports.byVehicle')}
          </ToggleButton>
          <ToggleButton value="D" data-testid="schedule-by-driver">
            {t('reports.byDriver')}
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      <ItemPicker
        key={`${draft.type}-${draft.idsType}`}
        label={byDriver ? t('reports.drivers') : t('reports.vehicles')}
        items={byDriver ? driverItems : vehicleItems}
        groups={byDriver ? groupsWithMembers(groups, () => 1) : vehicleGroups}
        expand={byDriver ? fetchGroupDrivers : (id) => devicesOfGroup(id, groups ?? [], devices)}
        selected={draft.ids}
        onChange={(ids) => set('ids', ids)}
        testId={byDriver ? 'schedule-drivers' : 'schedule-devices'}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('reports.periodicity')}
          value={draft.periodicity}
          onChange={(e) => {
            const periodicity = e.target.value as Periodicity;
            update((d) => ({
              ...d,
              periodicity,
              day: periodicity === 'W' ? 1 : periodicity === 'M' ? 1 : 0,
            }));
          }}
          sx={{ minWidth: 200 }}
          slotProps={select('schedule-periodicity')}
        >
          <MenuItem value="D" data-testid="schedule-periodicity-D">
            {t('reports.daily')}
          </MenuItem>
          <MenuItem value="W" data-testid="schedule-periodicity-W">
            {t('reports.weekly')}
          </MenuItem>
          <MenuItem value="M" data-testid="schedule-periodicity-M">
            {t('reports.monthly')}
          </MenuItem>
        </TextField>
        {draft.periodicity === 'W' && (
          <TextField
            select
            label={t('reports.weekdayLabel')}
            value={draft.day}
            onChange={(e) => set('day', Number(e.target.value))}
            sx={{ minWidth: 180 }}
            slotProps={select('schedule-day')}
          >
            {[1, 2, 3, 4, 5, 6, 0].map((day) => (
              <MenuItem key={day} value={day} data-testid={`schedule-day-${day}`}>
                {t(`reports.weekday.${day}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {draft.periodicity === 'M' && (
          <TextField
            type="number"
            label={t('reports.monthDay')}
            value={draft.day}
            onChange={(e) => set('day', Number(e.target.value))}
            sx={{ width: 160 }}
            slotProps={{ htmlInput: { min: 1, max: 31, 'data-testid': 'schedule-day' } }}
          />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="schedule-when">
        {draft.periodicity === 'D'
          ? t('reports.sentDaily')
          : draft.periodicity === 'W'
            ? t('reports.sentWeekly', { day: weekdayInSentence(t, draft.day) })
            : t('reports.sentMonthly', { day: draft.day >= 1 && draft.day <= 31 ? draft.day : 1 })}
      </Typography>
      <TextField
        select
        label={t('reports.fileFormat')}
        value={draft.format}
        onChange={(e) => set('format', e.target.value as ScheduleDraft['format'])}
        slotProps={select('schedule-format')}
      >
        {scheduleFormats(type).map((format) => (
          <MenuItem key={format} value={format} data-testid={`schedule-format-${format}`}>
            {t(`reports.format.${format}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('reports.recipients')}
        helperText={t('reports.recipientsHelp')}
        value={draft.recipients}
        onChange={(e) => set('recipients', e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': 'schedule-recipients', dir: 'ltr' } }}
      />
      <OptionFields
        fields={(type?.fields ?? []).filter((field) => !field.when || field.when(draft.fields))}
        values={draft.fields}
        onChange={(fields) => set('fields', fields)}
      />
      {type?.zones && (
        <ZoneFilter
          geofences={geofences}
          speedLimitOnly={type.zones === 'speedLimit'}
          filter={draft.geofenceFilter}
          onFilter={(on) => set('geofenceFilter', on)}
          selected={draft.geofences}
          onChange={(ids) => set('geofences', ids)}
          alwaysOn={type.zonesRequired}
        />
      )}
      {type?.events && (
        <EventTypesField
          offered={events}
          chosen={draft.events}
          onChange={(chosen) => set('events', chosen)}
        />
      )}
      {showsScheduleWorkingHours(draft) && (
        <WorkingHoursPanel week={draft.week} onChange={(week) => set('week', week)} />
      )}
    </Stack>
  );
}
