import { useCallback } from 'react';
import { Box, Tab, Tabs, Typography, type TabsActions } from '@mui/material';
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
  // the current tab in view on a phone: measured again once the fonts are in (the first measure used the
  // fallback font's narrower labels, and left the current tab cut at the edge)
  const scrollToCurrent = useCallback((actions: TabsActions | null) => {
    if (actions) void document.fonts?.ready.then(() => actions.updateIndicator());
  }, []);
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="subtitle1" component="h2" data-testid="management-vehicle" sx={{ px: 1 }}>
        {vehicleHeading(device)}
      </Typography>
      <Tabs
        action={scrollToCurrent}
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
