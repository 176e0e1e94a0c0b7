import { useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Navigate } from 'react-router';
import { SUMMARY_PATH, useListVehicle } from '../common/vehicle/currentVehicle';
import { PeriodSelect } from './PeriodSelect';
import type { Period } from './rules';
import { VehicleTabs, type VehicleScreen } from '../common/vehicle/VehicleTabs';

/**
 * The frame of a per-vehicle list: the vehicle's tabs above the list, the period filter handed to it; a
 * missing vehicle sends the user to the summary (document 3 §8).
 */
/** What a vehicle's list gets from the screen: the vehicle, the period chosen and the period control. */
export interface VehicleListProps {
  deviceId: number;
  period: Period;
  control: ReactNode;
}

export function VehicleListScreen({
  screen,
  children,
  withPeriod = true,
}: {
  screen: VehicleScreen;
  withPeriod?: boolean;
  children: (deviceId: number, period: Period, periodControl: ReactNode) => ReactNode;
}) {
  const deviceId = useListVehicle();
  const [period, setPeriod] = useState<Period>('total');
  if (deviceId === null) return <Navigate to={SUMMARY_PATH} replace />;
  const control = withPeriod ? <PeriodSelect value={period} onChange={setPeriod} /> : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <VehicleTabs deviceId={deviceId} current={screen} />
      <Box sx={{ flex: 1, minHeight: 0 }}>{children(deviceId, period, control)}</Box>
    </Box>
  );
}
