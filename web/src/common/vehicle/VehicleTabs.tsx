import { useEffect, useRef } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canOpenRoute } from '../../session/permissions';
import { useRoutes } from '../../session/areas';
import { useSession } from '../../session/sessionContext';
import { useVehicle, vehicleHeading } from './currentVehicle';

export type VehicleScreen = 'maintenances' | 'costs' | 'documents' | 'refills' | 'settings';

const SCREENS: VehicleScreen[] = ['maintenances', 'costs', 'documents', 'refills', 'settings'];

/** The vehicle's name and plate, with tabs to its other management screens (those the user may open). */
export function VehicleTabs({ deviceId, current }: { deviceId: number; current: VehicleScreen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { device } = useVehicle(deviceId);
  const routes = useRoutes();
  const shown = SCREENS.filter((screen) => {
    const route = routes.find((r) => r.path === `/management/${screen}/:id?`);
    return !!route && canOpenRoute(user, route);
  });
  // the current tab in view on a phone (MUI scrolls it there from a first measure that the fonts, loading
  // after it, make wrong: the current tab stayed cut at the edge or out of view)
  const tabs = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const show = () =>
      tabs.current
        ?.querySelector('[aria-selected="true"]')
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    show();
    void document.fonts?.ready.then(show);
  }, [current, shown.length]);
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="subtitle1" component="h2" data-testid="management-vehicle" sx={{ px: 1 }}>
        {vehicleHeading(device)}
      </Typography>
      <Tabs
        ref={tabs}
        value={current}
        onChange={(_, screen: VehicleScreen) =>
          void navigate(`/management/${screen}/${deviceId}`, { state: { deviceId } })
        }
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {shown.map((screen) => (
          <Tab
            key={screen}
            value={screen}
            label={t(`management.tab.${screen}`)}
            data-testid={`management-tab-${screen}`}
          />
        ))}
      </Tabs>
    </Box>
  );
}
