import { useMemo } from 'react';
import { FormControlLabel, Stack, Switch } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Geofence } from '../api/types';
import { compareText } from '../common/listSearch';
import { ItemPicker } from '../common/pickers/ItemPicker';

interface Props {
  geofences: Geofence[] | undefined;
  /** Speeding: only zones with a speed limit can filter. */
  speedLimitOnly: boolean;
  filter: boolean;
  onFilter: (on: boolean) => void;
  selected: number[];
  onChange: (ids: number[]) => void;
  /** The report always reads its chosen zones: no switch, the picker shown (a round's zones). */
  alwaysOn?: boolean;
}

const hasSpeedLimit = (zone: Geofence) => Number(zone.attributes?.speedLimit ?? 0) > 0;

/** The zone filter switch ("only the selected zones") and its zone picker. */
export function ZoneFilter({
  geofences,
  speedLimitOnly,
  filter,
  onFilter,
  selected,
  onChange,
  alwaysOn,
}: Props) {
  const { t } = useTranslation();
  const items = useMemo(
    () =>
      (geofences ?? [])
        .filter((zone) => !speedLimitOnly || hasSpeedLimit(zone))
        .sort((a, b) => compareText(a.name, b.name))
        .map((zone) => ({ id: zone.id, label: zone.name })),
    [geofences, speedLimitOnly],
  );
  return (
    <Stack spacing={1}>
      {!alwaysOn && (
        <FormControlLabel
          control={
            <Switch
              checked={filter}
              onChange={(event) => onFilter(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'report-zone-filter' } as object }}
            />
          }
          label={t(speedLimitOnly ? 'reports.zoneFilterSpeed' : 'reports.zoneFilter')}
        />
      )}
      {(filter || alwaysOn) && (
        <ItemPicker
          label={t('reports.zones')}
          items={items}
          groups={[]}
          expand={() => []}
          selected={selected}
          onChange={onChange}
          testId="report-zones"
        />
      )}
    </Stack>
  );
}
