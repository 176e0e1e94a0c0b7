import { useMemo, useState } from 'react';
import { Box, Button, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import { useGeofences, useTags } from '../api/queries';
import type { Geofence } from '../api/types';
import { useFormat } from '../common/useFormat';
import {
  cycleFuelMode,
  fuelModeOf,
  odometerModeOf,
  toggleOdometerMode,
  useDisplayModesVersion,
} from './displayModes';
import { usePendingCommands } from './pendingCommands';
import { PopupFieldRow } from './PopupFieldRow';
import { popupFields } from './popupFields';
import type { PopupOption } from './popupOptions';
import { tachoPanel } from './tachograph';
import { TachoPanel } from './TachoPanel';
import type { VehicleView } from './types';

export interface VehiclePopupProps {
  view: VehicleView;
  options: PopupOption[];
  following: boolean;
  onOption: (option: PopupOption) => void;
}

/** The marker popup: every field of document 1 §2 in order, the tachograph panel and the Options menu. */
export function VehiclePopup({ view, options, following, onOption }: VehiclePopupProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const tags = useTags();
  const geofences = useGeofences();
  const pending = usePendingCommands();
  useDisplayModesVersion();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const zones = useMemo(
    () => new Map<number, Geofence>((geofences.data ?? []).map((zone) => [zone.id, zone])),
    [geofences.data],
  );
  const device = view.device.attributes ?? {};
  const attributes = view.position?.attributes ?? {};
  const fields = popupFields(view, {
    tags: tags.data ?? [],
    geofences: zones,
    fuelMode: fuelModeOf(view.id, device, attributes),
    odometerMode: odometerModeOf(view.id),
    pendingCommand: pending.has(view.id),
    formatTime: format.dateTime,
  });
  const tacho = view.position ? tachoPanel(attributes) : null;

  return (
    <Box
      data-testid="vehicle-popup"
      data-device-id={view.id}
      sx={(theme) => ({
        minWidth: 240,
        maxWidth: 320,
        pt: 0.5,
        // The map's popup box sets its own font; the popup reads like the rest of the app (and of Arabic).
        fontFamily: theme.typography.fontFamily,
        // A tall popup (tachograph panel, small screen) scrolls instead of running off the map.
        maxHeight: '60vh',
        overflowY: 'auto',
      })}
    >
      <Typography
        variant="subtitle1"
        sx={{ fontWeight: 700, pr: 3, lineHeight: 1.3, mb: 0.5 }}
        data-testid="popup-name"
      >
        {view.name}
      </Typography>
      {fields.map((field) => (
        <PopupFieldRow
          key={field.kind}
          field={field}
          onCycleLevel={() => cycleFuelMode(view.id, device, attributes)}
          onToggleOdometer={() => toggleOdometerMode(view.id, device, attributes)}
        />
      ))}
      {tacho && <TachoPanel panel={tacho} formatTime={format.dateTime} />}
      {options.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button
            size="small"
            variant="outlined"
            endIcon={<MoreVertIcon />}
            onClick={(event) => setAnchor(event.currentTarget)}
            data-testid="popup-options"
          >
            {t('live.options')}
          </Button>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {options.map((option) => (
              <MenuItem
                key={option}
                data-testid={`popup-option-${option}`}
                onClick={() => {
                  setAnchor(null);
                  onOption(option);
                }}
              >
                <ListItemText>
                  {option === 'follow' && following ? t('live.option.unfollow') : t(`live.option.${option}`)}
                </ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </Box>
      )}
    </Box>
  );
}
