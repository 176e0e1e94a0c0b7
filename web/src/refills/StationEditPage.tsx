import { MenuItem, TextField } from '@mui/material';
import { FUEL_TYPES } from '@frota/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditForm } from '../common/EditForm';
import { hasAuxiliaries, mainStationChoices } from './refillRules';
import { fetchStation, fetchStations, refillKeys, saveSettingsItem } from './refillsApi';
import type { FuelType } from './refillTypes';
import { newStation, stationBody, stationProblem, type StationDraft } from './stationForm';
import { useSettingsItem } from './useSettingsItem';

/**
 * /settings/refill_station/:id? — name, code, location, fuel, total capacity and the main station it
 * belongs to (`Nenhum`: it is a main station).
 */
export function StationEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const queryClient = useQueryClient();
  const stations = useQuery({ queryKey: refillKeys.stations, queryFn: fetchStations });
  const { item, update, loading } = useSettingsItem<StationDraft>(
    refillKeys.stations,
    id,
    fetchStation,
    newStation,
  );
  const all = stations.data ?? [];
  // A main station with auxiliaries stays a main one: a hierarchy has two levels.
  const canHang = !hasAuxiliaries(all, item?.id);
  const text = (key: keyof StationDraft, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={(item?.[key] as string | number | undefined) ?? ''}
      onChange={(e) => update({ [key]: e.target.value })}
      slotProps={{ htmlInput: { 'data-testid': `station-${key}` } }}
      {...extra}
    />
  );
  return (
    <EditForm<StationDraft>
      title={t('route.refill_station')}
      endpoint="refillStations"
      item={item}
      loading={loading}
      validate={(station) => stationProblem(station, t)}
      toBody={stationBody}
      save={async (body) => {
        const saved = await saveSettingsItem('refill_stations', body);
        await queryClient.invalidateQueries({ queryKey: refillKeys.stations });
        return saved;
      }}
      backPath="/settings/refill_stations"
    >
      {text('name', t('refills.name'), { required: true })}
      {text('code', t('refills.code'), { required: true })}
      {text('location', t('refills.location'))}
      <TextField
        select
        label={t('refills.fuelLabel')}
        value={item?.fuel_type ?? 'diesel'}
        onChange={(e) => update({ fuel_type: e.target.value as FuelType })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'station-fuel_type' } as object } }}
      >
        {FUEL_TYPES.map((fuel) => (
          <MenuItem key={fuel} value={fuel}>
            {t(`refills.fuel.${fuel}`)}
          </MenuItem>
        ))}
      </TextField>
      {text('total_capacity', t('refills.totalCapacity'), {
        slotProps: { htmlInput: { 'data-testid': 'station-total_capacity', inputMode: 'decimal' } },
      })}
      <TextField
        select
        label={t('refills.mainStation')}
        value={item?.mainStationId ?? 0}
        onChange={(e) => update({ mainStationId: Number(e.target.value) })}
        disabled={!canHang}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'station-main' } as object } }}
      >
        <MenuItem value={0} data-testid="station-main-option">
          {t('refills.none')}
        </MenuItem>
        {mainStationChoices(all, item?.id).map((station) => (
          <MenuItem key={station.id} value={station.id} data-testid="station-main-option">
            {station.name}
          </MenuItem>
        ))}
      </TextField>
    </EditForm>
  );
}
