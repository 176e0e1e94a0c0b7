import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  Tooltip,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  VEHICLE_CATEGORIES_2D,
  VEHICLE_CATEGORIES_3D,
  VEHICLE_CATEGORIES_3D_STATIC,
  categoryLabel,
  vehicleIconUrl,
} from '../icons';

const SETS = [
  ['settings.icons2d', VEHICLE_CATEGORIES_2D],
  ['settings.icons3dStatic', VEHICLE_CATEGORIES_3D_STATIC],
  ['settings.icons3d', VEHICLE_CATEGORIES_3D],
] as const;

const setOf = (category: string) =>
  Math.max(
    0,
    SETS.findIndex(([, list]) => list.includes(category)),
  );

/** The vehicle icon: a button with the current picture that opens the 2D and 3D sets as pictures. */
export function CategoryPicker({ value, onChange }: { value: string; onChange: (category: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState(() => setOf(value));
  const label = (category: string) => categoryLabel(t, category);
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          setTab(setOf(value));
          setOpen(true);
        }}
        data-testid="device-category"
        sx={{ justifyContent: 'flex-start', gap: 1.5, textTransform: 'none' }}
      >
        <Box component="img" src={vehicleIconUrl(value, 'green')} alt="" sx={{ width: 40, height: 40 }} />
        <span>
          {t('settings.icon')}: {label(value)}
        </span>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth="md"
        fullWidth
        data-testid="category-dialog"
      >
        <DialogTitle>{t('settings.icon')}</DialogTitle>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" sx={{ px: 2 }}>
          {SETS.map(([key]) => (
            <Tab key={key} label={t(key)} />
          ))}
        </Tabs>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }}>
            {SETS[tab][1].map((category) => (
              <Tooltip key={category} title={label(category)}>
                <Button
                  onClick={() => {
                    onChange(category);
                    setOpen(false);
                  }}
                  variant={category === value ? 'contained' : 'text'}
                  data-testid={`category-${category}`}
                  aria-label={label(category)}
                  sx={{ flexDirection: 'column', textTransform: 'none', fontSize: 12, p: 1 }}
                >
                  <Box
                    component="img"
                    src={vehicleIconUrl(category, 'green')}
                    alt=""
                    sx={{ width: 64, height: 64 }}
                  />
                  <Box sx={{ mt: 0.5, lineHeight: 1.2, minHeight: 28 }}>{label(category)}</Box>
                </Button>
              </Tooltip>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('cancel')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
