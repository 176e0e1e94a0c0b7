import { useMemo, useState } from 'react';
import {
  Box,
  ButtonBase,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PentagonIcon from '@mui/icons-material/Pentagon';
import PlaceIcon from '@mui/icons-material/Place';
import PolylineIcon from '@mui/icons-material/Polyline';
import { List, type RowComponentProps } from 'react-window';
import { useTranslation } from 'react-i18next';
import type { Geofence } from '../api/types';
import { zoneColor } from './zoneForm';
import { countZonesByType, zonesOfType, zoneType, ZONE_TYPES, type ZoneType } from './zoneList';

/** Document 1 §2: zone rows are 40 px high. */
export const ZONE_ROW_HEIGHT = 40;

const TYPE_ICONS: Record<ZoneType, React.ReactNode> = {
  circle: <PlaceIcon fontSize="small" />,
  polygon: <PentagonIcon fontSize="small" />,
  line: <PolylineIcon fontSize="small" />,
};

interface ZoneRowData {
  zones: Geofence[];
  canEdit: boolean;
  onSelect: (zone: Geofence) => void;
  onMenu: (zone: Geofence, anchor: HTMLElement) => void;
}

function ZoneRow({ index, style, zones, canEdit, onSelect, onMenu }: RowComponentProps<ZoneRowData>) {
  const zone = zones[index];
  return (
    <Box
      style={style}
      sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
    >
      <ButtonBase
        data-testid="zone-row"
        data-zone-id={zone.id}
        onClick={() => onSelect(zone)}
        sx={{ flex: 1, height: '100%', justifyContent: 'flex-start', gap: 1, px: 1.5, minWidth: 0 }}
      >
        <Box component="span" sx={{ display: 'inline-flex', color: `#${zoneColor(zone.attributes?.color)}` }}>
          {TYPE_ICONS[zoneType(zone.area) ?? 'polygon']}
        </Box>
        <Typography variant="body2" noWrap>
          {zone.name}
        </Typography>
      </ButtonBase>
      {canEdit && (
        <IconButton
          size="small"
          data-testid="zone-row-menu"
          onClick={(event) => onMenu(zone, event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

export interface ZonesTabProps {
  zones: Geofence[];
  canEdit: boolean;
  onSelect: (zone: Geofence) => void;
  onEdit: (zone: Geofence) => void;
  onRemove: (zone: Geofence) => void;
}

/** Points (circle), areas (polygon) and corridors (line string), each with its count. */
export function ZonesTab({ zones, canEdit, onSelect, onEdit, onRemove }: ZonesTabProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<ZoneType>('circle');
  const [menu, setMenu] = useState<{ zone: Geofence; anchor: HTMLElement } | null>(null);
  const counts = useMemo(() => countZonesByType(zones), [zones]);
  const rows = useMemo(() => zonesOfType(zones, type), [zones, type]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Tabs
        value={type}
        onChange={(_, next: ZoneType) => setType(next)}
        variant="fullWidth"
        sx={{
          minHeight: 0,
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': {
            minHeight: 40,
            py: 0.5,
            px: 0.5,
            minWidth: 0,
            textTransform: 'none',
            gap: 0.5,
            fontSize: 13,
            whiteSpace: 'nowrap',
          },
          '& .MuiTab-icon': { fontSize: 18 },
        }}
      >
        {ZONE_TYPES.map((option) => (
          <Tab
            key={option}
            value={option}
            data-testid={`zone-subtab-${option}`}
            icon={TYPE_ICONS[option] as React.ReactElement}
            iconPosition="start"
            label={`${t(`live.zoneType.${option}`)} (${counts[option]})`}
          />
        ))}
      </Tabs>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
          {t('noData')}
        </Typography>
      ) : (
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <List
            rowComponent={ZoneRow}
            rowCount={rows.length}
            rowHeight={ZONE_ROW_HEIGHT}
            rowProps={{ zones: rows, canEdit, onSelect, onMenu: (zone, anchor) => setMenu({ zone, anchor }) }}
            style={{ height: '100%' }}
          />
        </Box>
      )}
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          data-testid="zone-edit"
          onClick={() => {
            if (menu) onEdit(menu.zone);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('edit')}</ListItemText>
        </MenuItem>
        <MenuItem
          data-testid="zone-remove"
          onClick={() => {
            if (menu) onRemove(menu.zone);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('remove')}</ListItemText>
        </MenuItem>
      </Menu>
    </Box>
  );
}
