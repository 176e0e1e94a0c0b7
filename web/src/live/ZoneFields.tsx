import { Box, ButtonBase, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { POI_ICONS, ZONE_COLORS, ZONE_DEFAULTS } from '@frota/core';
import { useTranslation } from 'react-i18next';
import type { ZoneForm } from './zoneForm';

const ICONS = [ZONE_DEFAULTS.icon, ...POI_ICONS];

export interface ZoneFieldsProps {
  form: ZoneForm;
  onChange: (form: ZoneForm) => void;
}

function ColorChoice({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {t('live.zone.color')}
      </Typography>
      <Box
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}
        role="radiogroup"
        aria-label={t('live.zone.color')}
      >
        {ZONE_COLORS.map((color) => (
          <ButtonBase
            key={color}
            role="radio"
            aria-checked={value === color}
            aria-label={`#${color}`}
            data-testid={`zone-color-${color}`}
            onClick={() => onChange(color)}
            sx={{
              width: 28,
              height: 28,
              borderRadius: '50%',
              bgcolor: `#${color}`,
              outline: value === color ? '3px solid' : 'none',
              outlineColor: 'primary.main',
              outlineOffset: 2,
            }}
          />
        ))}
      </Box>
    </Box>
  );
}

/** The type-specific fields: circle icon and radius; polygon colour and fill; line colour and distance. */
export function ZoneFields({ form, onChange }: ZoneFieldsProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<ZoneForm>) => onChange({ ...form, ...patch });
  if (form.type === 'circle') {
    return (
      <>
        <TextField
          select
          label={t('live.zone.icon')}
          value={form.icon}
          onChange={(event) => set({ icon: event.target.value })}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { 'data-testid': 'zone-icon' } }}
        >
          {ICONS.map((icon) => (
            <MenuItem key={icon} value={icon}>
              {t(`live.poi.${icon}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('live.zone.radius')}
          type="number"
          value={form.radius}
          onChange={(event) => set({ radius: event.target.value })}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { min: 1, 'data-testid': 'zone-radius' } }}
        />
      </>
    );
  }
  return (
    <>
      <ColorChoice value={form.color} onChange={(color) => set({ color })} />
      {form.type === 'polygon' ? (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              checked={form.fill}
              onChange={(event) => set({ fill: event.target.checked })}
              slotProps={{ input: { 'data-testid': 'zone-fill' } as object }}
            />
          }
          label={t('live.zone.fill')}
        />
      ) : (
        <TextField
          label={t('live.zone.polylineDistance')}
          type="number"
          value={form.polylineDistance}
          onChange={(event) => set({ polylineDistance: event.target.value })}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { min: 1, 'data-testid': 'zone-distance' } }}
        />
      )}
    </>
  );
}
