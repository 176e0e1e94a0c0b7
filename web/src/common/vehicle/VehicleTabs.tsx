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

/**
 * Scrolls a scrollable tab bar so its selected tab is whole in view (with a margin for the fade at the
 * edge), in either writing direction: the distance is read from the rectangles, not from scrollLeft.
 */
export function revealSelectedTab(root: HTMLElement, margin = 24): void {
  const scroller = root.querySelector<HTMLElement>('.MuiTabs-scroller');
  const tab = root.querySelector<HTMLElement>('[aria-selected="true"]');
  if (!scroller || !tab) return;
  const box = scroller.getBoundingClientRect();
  const rect = tab.getBoundingClientRect();
  if (rect.width === 0 || box.width === 0) return;
  let delta = 0;
  if (rect.right > box.right) delta = rect.right - box.right + margin;
  else if (rect.left < box.left) delta = rect.left - box.left - margin;
  if (delta !== 0) scroller.scrollLeft += delta;
}

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
  // the current tab in view on a phone: MUI scrolls it there from a first measure that the fonts (loading
  // after it) and its own scroll buttons (shown after it) make wrong, and its animated scroll can end
  // after ours, so the tab stayed cut at the edge or out of view. Until the user touches the bar, every
  // scroll and resize that leaves the tab cut is corrected, from the rectangles.
  const tabs = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = tabs.current;
    const scroller = root?.querySelector<HTMLElement>('.MuiTabs-scroller');
    if (!root || !scroller) return;
    const show = () => revealSelectedTab(root);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(show);
    const touched = ['pointerdown', 'wheel', 'touchstart', 'keydown'];
    const stop = () => {
      scroller.removeEventListener('scroll', show);
      observer?.disconnect();
      for (const type of touched) root.removeEventListener(type, stop);
    };
    show();
    void document.fonts?.ready.then(show);
    scroller.addEventListener('scroll', show, { passive: true });
    observer?.observe(scroller);
    for (const type of touched) root.addEventListener(type, stop, { passive: true });
    return stop;
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
            // narrower on a phone: more of the five tabs in view beside the current one
            sx={{ minWidth: { xs: 0, sm: 90 }, px: { xs: 1.5, sm: 2 } }}
          />
        ))}
      </Tabs>
    </Box>
  );
}
