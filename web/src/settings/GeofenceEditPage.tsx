import { useCallback, useMemo, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { ZONE_COLORS, ZONE_DEFAULTS, corridorDistance } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGeofences } from '../api/queries';
import { EditForm } from '../common/EditForm';
import { useEditItem } from '../common/useEditItem';
import { DEFAULT_POI_ICON, POI_ICONS, poiIconUrl, poiLabelKey } from '../icons';
import { ZonePreview } from '../map/ZonePreview';
import {
  areaOf,
  areaProblem,
  geofenceBody,
  newGeofence,
  withCentre,
  withRadius,
  zoneSpeedText,
  type GeofenceDraft,
} from './geofenceForm';

/** /settings/geofence/:id? — a zone's name, notes, speed limit and the fields of its shape (document 1 §2). */
export function GeofenceEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { item, update, loading } = useEditItem<GeofenceDraft>('geofences', id, newGeofence);
  const [speed, setSpeed] = useState<string | null>(null);
  const area = areaOf(item?.area);
  const set = (change: Partial<GeofenceDraft>) => update((z) => ({ ...z, ...change }));
  const setAttribute = (key: string, value: unknown) =>
    update((z) => ({ ...z, attributes: { ...z.attributes, [key]: value } }));
  const color = String(item?.attributes.color ?? ZONE_DEFAULTS.color);
  // the shape as text is for the few who paste one: folded, unless it cannot be read (then it must be fixed)
  const [textOpen, setTextOpen] = useState(false);
  // the fleet's other zones as landmarks on the form's map (the base map has no streets offline)
  const { data: zones } = useGeofences();
  const context = useMemo(() => zones ?? [], [zones]);
  const circle = area?.type === 'circle';
  const pickCentre = useCallback(
    (latitude: number, longitude: number) =>
      update((z) => ({ ...z, area: withCentre(z.area, latitude, longitude) })),
    [update],
  );

  return (
    <EditForm<GeofenceDraft>
      title={t('route.settings_geofence')}
      endpoint="geofences"
      item={item}
      loading={loading}
      validate={(zone) =>
        !zone.name.trim()
          ? t('settings.zoneNameRequired')
          : areaProblem(zone)
            ? t('settings.invalidArea')
            : null
      }
      toBody={(zone) => geofenceBody(zone, speed)}
      backPath="/settings/geofences"
    >
      <TextField
        required
        label={t('name')}
        value={item?.name ?? ''}
        onChange={(e) => set({ name: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'zone-name' } }}
      />
      <TextField
        label={t('settings.description')}
        value={item?.description ?? ''}
        onChange={(e) => set({ description: e.target.value })}
        multiline
        slotProps={{ htmlInput: { 'data-testid': 'zone-description' } }}
      />
      <TextField
        label={t('settings.speedLimit')}
        value={speed ?? zoneSpeedText(item)}
        onChange={(e) => setSpeed(e.target.value)}
        slotProps={{
          htmlInput: { 'data-testid': 'zone-speedLimit', inputMode: 'decimal' },
          input: { endAdornment: <InputAdornment position="end">{t('unit.kmh')}</InputAdornment> },
        }}
      />
      {area?.type === 'circle' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            fullWidth
            label={t('settings.icon')}
            value={String(item?.attributes.icon ?? DEFAULT_POI_ICON)}
            onChange={(e) => setAttribute('icon', e.target.value)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'zone-icon' } as object } }}
          >
            {[DEFAULT_POI_ICON, ...POI_ICONS].map((icon) => (
              <MenuItem key={icon} value={icon}>
                <Box
                  component="img"
                  src={poiIconUrl(icon)}
                  alt=""
                  sx={{ width: 24, height: 24, mr: 1, verticalAlign: 'middle' }}
                />
                {t(poiLabelKey(icon))}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth
            type="number"
            label={t('settings.radius')}
            value={area.radius}
            onChange={(e) => item && set({ area: withRadius(item.area, Number(e.target.value)) })}
            slotProps={{
              htmlInput: { 'data-testid': 'zone-radius', min: 1 },
              input: { endAdornment: <InputAdornment position="end">{t('unit.m')}</InputAdornment> },
            }}
          />
        </Stack>
      )}
      {area && area.type !== 'circle' && (
        <Stack spacing={1}>
          <Typography variant="subtitle2">{t('settings.color')}</Typography>
          <Stack direction="row" spacing={1} data-testid="zone-colors">
            {ZONE_COLORS.map((c) => (
              <Box
                key={c}
                role="radio"
                aria-checked={c === color}
                aria-label={`#${c}`}
                data-testid={`zone-color-${c}`}
                tabIndex={0}
                onClick={() => setAttribute('color', c)}
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setAttribute('color', c)}
                sx={{
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  bgcolor: `#${c}`,
                  cursor: 'pointer',
                  outline: c === color ? '3px solid' : 'none',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                }}
              />
            ))}
          </Stack>
          {area.type === 'polygon' ? (
            <FormControlLabel
              control={
                <Switch
                  checked={!!item?.attributes.fill}
                  onChange={(e) => setAttribute('fill', e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'zone-fill' } as object }}
                />
              }
              label={t('settings.fill')}
            />
          ) : (
            <TextField
              type="number"
              label={t('settings.corridorDistance')}
              value={corridorDistance(item?.attributes.polylineDistance)}
              onChange={(e) => setAttribute('polylineDistance', Number(e.target.value))}
              slotProps={{
                htmlInput: { 'data-testid': 'zone-polylineDistance' },
                input: { endAdornment: <InputAdornment position="end">{t('unit.m')}</InputAdornment> },
              }}
            />
          )}
        </Stack>
      )}
      {item && area && (
        <Stack spacing={0.5}>
          <ZonePreview
            zone={{ id: item.id ?? 0, name: item.name, area: item.area, attributes: item.attributes }}
            context={context}
            height={280}
            onPick={circle ? pickCentre : undefined}
          />
          {circle && (
            <Typography variant="caption" color="text.secondary" data-testid="zone-pick-hint">
              {t('settings.zonePickHint')}
            </Typography>
          )}
        </Stack>
      )}
      <Accordion
        expanded={textOpen || (!!item && !area)}
        onChange={(_, open) => setTextOpen(open)}
        disableGutters
        variant="outlined"
        sx={{ '&:before': { display: 'none' } }}
      >
        <AccordionSummary expandIcon={<ExpandMoreIcon />} data-testid="zone-area-toggle">
          <Typography variant="body2">{t('settings.areaText')}</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <TextField
            fullWidth
            label={t('settings.area')}
            value={item?.area ?? ''}
            onChange={(e) => set({ area: e.target.value })}
            multiline
            maxRows={4}
            slotProps={{ htmlInput: { 'data-testid': 'zone-area', dir: 'ltr' } }}
          />
        </AccordionDetails>
      </Accordion>
    </EditForm>
  );
}
