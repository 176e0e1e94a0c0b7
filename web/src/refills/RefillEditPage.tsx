import { useState } from 'react';
import { Autocomplete, InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { FUEL_TYPES } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { useClientDetails, useDrivers, usePositions } from '../api/queries';
import type { Driver } from '../api/types';
import { hasPermission } from '../session/permissions';
import { useCurrentUser } from '../session/sessionContext';
import { EditForm } from '../common/EditForm';
import { AlertPickers } from '../common/pickers/AlertPickers';
import { WallDateTimePicker } from '../common/pickers/WallDateTimePicker';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import { plateOf, rememberedVehicle, SUMMARY_PATH, useVehicle } from '../common/vehicle/currentVehicle';
import { useReportDevices } from '../api/filterLists';
import { deviceLabel } from '../common/selection';
import {
  newRefillDraft,
  prefillFromPosition,
  refillBody,
  refillDraftOf,
  refillProblem,
  type RefillDraft,
} from './refillForm';
import { hasUserLimit, refillFormTarget } from './refillRules';
import { fetchRefill, fetchStations, refillKeys, saveRefill } from './refillsApi';
import { titleTrail } from '../common/titleTrail';

/**
 * /management/refill/:id? — the refill form (document 3 §2): date (now by default), cost, invoice, driver,
 * fuel, litres, km, hours, details and station. Its vehicle comes from the screen that opened it; the
 * centre's add button lets the user choose one; with neither the user goes back to the summary (or to the
 * centre, for a refill-module user who has no summary).
 */
export function RefillEditPage() {
  const { id } = useParams();
  const location = useLocation();
  const user = useCurrentUser();
  const [target] = useState(() => refillFormTarget(location.state, !!id, rememberedVehicle()));
  if (target.kind === 'missing')
    return <Navigate to={hasPermission(user, 'management.summary') ? SUMMARY_PATH : '/refills'} replace />;
  const deviceId = target.kind === 'vehicle' ? target.deviceId : null;
  return id ? (
    <LoadedRefill deviceId={deviceId!} id={Number(id)} />
  ) : (
    <RefillForm start={deviceId} choose={target.kind === 'choose'} />
  );
}

function LoadedRefill({ deviceId, id }: { deviceId: number; id: number }) {
  const loaded = useQuery({
    queryKey: refillKeys.item(deviceId, id),
    queryFn: () => fetchRefill(deviceId, id),
  });
  if (loaded.isError) return <Navigate to={SUMMARY_PATH} replace />;
  if (!loaded.data) return <RefillForm start={deviceId} choose={false} loading />;
  return <RefillForm key={id} start={deviceId} choose={false} loaded={refillDraftOf(loaded.data)} />;
}

/** The user's drivers, and the refill's own driver when the list does not hold it (a colleague's). */
const driverChoices = (
  drivers: Driver[],
  item: RefillDraft | undefined,
): Array<Pick<Driver, 'id' | 'name'>> =>
  item?.driverid && !drivers.some((d) => d.id === item.driverid)
    ? [...drivers, { id: item.driverid, name: item.driverName || `#${item.driverid}` }]
    : drivers;

interface RefillFormProps {
  start: number | null;
  choose: boolean;
  loaded?: RefillDraft;
  loading?: boolean;
}

function RefillForm({ start, choose, loaded, loading }: RefillFormProps) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const timezone =
    typeof user.attributes?.timezone === 'string' ? user.attributes.timezone : DEFAULT_TIMEZONE;
  const [draft, setDraft] = useState<RefillDraft | null>(null);
  const [blank] = useState(() => newRefillDraft(start, timezone));
  const devices = useReportDevices();
  const drivers = useDrivers();
  const positions = usePositions(!loaded && !loading);
  // a new refill takes the vehicle's odometer, hour meter and driver from its last position
  const prefilled = (next: RefillDraft) =>
    next.id || next.deviceId === null
      ? next
      : prefillFromPosition(
          next,
          positions.data?.find((p) => p.deviceId === next.deviceId),
          drivers.data ?? [],
        );
  const initial = prefilled(blank);
  const item = draft ?? loaded ?? (loading ? undefined : initial);
  const update = (change: Partial<RefillDraft>) =>
    setDraft((current) => ({ ...(current ?? loaded ?? initial), ...change }));
  const { device } = useVehicle(item?.deviceId ?? null);
  const stations = useQuery({ queryKey: refillKeys.stations, queryFn: fetchStations });
  const editing = !!item?.id;
  // Document 3 §6: only managers fix the km and hours of a recorded refill.
  const fixesReadings = !editing || hasUserLimit(user);
  const backPath = choose ? '/refills' : start ? `/management/refills/${start}` : '/refills';

  const title = titleTrail(
    [
      t('refills.vehicleTitle'),
      device && plateOf(device),
      editing ? t('refills.editRefill') : t('refills.addRefill'),
    ],
    i18n.dir() === 'rtl',
  );

  const currency = useClientDetails();
  const field = (key: keyof RefillDraft, label: string, extra: object = {}, unit?: string) => (
    <TextField
      label={label}
      value={(item?.[key] as string | undefined) ?? ''}
      onChange={(e) => update({ [key]: e.target.value })}
      slotProps={{
        htmlInput: { 'data-testid': `refill-${key}`, inputMode: key === 'invoice' ? 'text' : 'decimal' },
        // the unit beside the figure, as the cost and maintenance forms show theirs
        ...(unit ? { input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } } : {}),
      }}
      {...extra}
    />
  );

  return (
    <EditForm<RefillDraft>
      title={title}
      endpoint="refills"
      item={item}
      loading={loading}
      validate={(value) => refillProblem(value, t)}
      save={async (value) => {
        const saved = await saveRefill(value.deviceId!, value.id, refillBody(value));
        return { ...value, id: saved?.id ?? value.id };
      }}
      backPath={backPath}
    >
      {choose && (
        <Autocomplete
          options={devices.data ?? []}
          getOptionLabel={deviceLabel}
          value={(devices.data ?? []).find((d) => d.id === item?.deviceId) ?? null}
          onChange={(_e, chosen) =>
            setDraft((current) =>
              // the readings and driver of the vehicle chosen before belong to it
              prefilled({
                ...(current ?? loaded ?? initial),
                deviceId: chosen?.id ?? null,
                km: '',
                hours: '',
                driverid: null,
              }),
            )
          }
          renderOption={(props, option) => (
            <li {...props} key={option.id} data-testid="refill-vehicle-option">
              {deviceLabel(option)}
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('refills.vehicle')}
              required
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'refill-vehicle' },
              }}
            />
          )}
        />
      )}
      {/* the same date and time picker as every other form; remounted when a stored refill arrives */}
      <AlertPickers>
        <WallDateTimePicker
          key={item?.id ?? 'new'}
          label={`${t('refills.date')} *`}
          value={item?.cost_date ?? ''}
          onChange={(wall) => update({ cost_date: wall })}
          testId="refill-cost_date"
          formField
        />
      </AlertPickers>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field(
          'cost',
          t('refills.cost'),
          { required: true, fullWidth: true },
          currency.data?.currency_symbol,
        )}
        {field('litres', t('refills.litres'), { fullWidth: true }, t('unit.L'))}
      </Stack>
      <TextField
        select
        label={t('refills.fuelLabel')}
        value={item?.fuel_type ?? 'diesel'}
        onChange={(e) => update({ fuel_type: e.target.value })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'refill-fuel_type' } as object } }}
      >
        {FUEL_TYPES.map((fuel) => (
          <MenuItem key={fuel} value={fuel} data-testid="refill-fuel-option">
            {t(`refills.fuel.${fuel}`)}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('km', t('refills.km'), { fullWidth: true, disabled: !fixesReadings }, t('unit.km'))}
        {field('hours', t('refills.hours'), { fullWidth: true, disabled: !fixesReadings }, t('unit.h'))}
      </Stack>
      {field('invoice', t('refills.invoice'))}
      <TextField
        select
        label={t('refills.driver')}
        value={item?.driverid ?? ''}
        onChange={(e) => update({ driverid: e.target.value === '' ? null : Number(e.target.value) })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'refill-driverid' } as object } }}
      >
        <MenuItem value="">{t('refills.none')}</MenuItem>
        {driverChoices(drivers.data ?? [], item).map((driver) => (
          <MenuItem key={driver.id} value={driver.id}>
            {driver.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('refills.station')}
        value={item?.stationid ?? ''}
        onChange={(e) => update({ stationid: e.target.value === '' ? null : Number(e.target.value) })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'refill-stationid' } as object } }}
      >
        <MenuItem value="">{t('refills.none')}</MenuItem>
        {(stations.data ?? []).map((station) => (
          <MenuItem key={station.id} value={station.id}>
            {station.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('refills.details')}
        value={item?.details ?? ''}
        onChange={(e) => update({ details: e.target.value })}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': 'refill-details' } }}
      />
    </EditForm>
  );
}
