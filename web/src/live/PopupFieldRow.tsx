import { Box, ButtonBase, Link, Tooltip } from '@mui/material';
import BatteryIcon from '@mui/icons-material/Battery3Bar';
import BuildIcon from '@mui/icons-material/Build';
import CircleIcon from '@mui/icons-material/Circle';
import ElectricBoltIcon from '@mui/icons-material/ElectricBolt';
import EventIcon from '@mui/icons-material/Event';
import EvStationIcon from '@mui/icons-material/EvStation';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import GpsOffIcon from '@mui/icons-material/GpsOff';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import NavigationIcon from '@mui/icons-material/Navigation';
import PentagonIcon from '@mui/icons-material/Pentagon';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/Place';
import SignalIcon from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import SpeedIcon from '@mui/icons-material/Speed';
import TimerIcon from '@mui/icons-material/Timer';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import BadgeIcon from '@mui/icons-material/Badge';
import { useTranslation } from 'react-i18next';
import { LEVEL_COLORS } from './levelText';
import { Ltr, Measure } from './Ltr';
import type { PopupField } from './popupFields';
import { STATUS_HEX } from './statusColors';
import { localAddress } from '../common/localAddress';

const Line = ({
  icon,
  children,
  testId,
}: {
  icon: React.ReactNode;
  children: React.ReactNode;
  testId: string;
}) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24 }} data-testid={`popup-${testId}`}>
    <Box sx={{ display: 'inline-flex', color: 'text.secondary', '& svg': { fontSize: 18 } }}>{icon}</Box>
    <Box sx={{ minWidth: 0, flex: 1, fontSize: 14 }}>{children}</Box>
  </Box>
);

export interface PopupFieldRowProps {
  field: PopupField;
  onCycleLevel: () => void;
  onToggleOdometer: () => void;
}

/** One row of the popup: an icon and the field's value, some of them tappable. */
export function PopupFieldRow({ field, onCycleLevel, onToggleOdometer }: PopupFieldRowProps) {
  const { t } = useTranslation();
  switch (field.kind) {
    case 'tags':
      return (
        <Line icon={<LocalOfferIcon />} testId="tags">
          {field.text}
        </Line>
      );
    case 'plate':
      return (
        <Line icon={<BadgeIcon />} testId="plate">
          <Ltr>{field.text}</Ltr>
        </Line>
      );
    case 'status':
      return (
        <Line icon={<CircleIcon sx={{ color: STATUS_HEX[field.color] }} />} testId="status">
          {t(`live.status.${field.label}`)}
        </Line>
      );
    case 'speed':
      return (
        <Line icon={<SpeedIcon />} testId="speed">
          <Measure>{field.text}</Measure>
        </Line>
      );
    case 'driver':
      return (
        <Line icon={<PersonIcon />} testId="driver">
          {field.name}
          {field.phone && (
            <>
              {' · '}
              <Link href={`tel:${field.phone.replace(/[^\d+]/g, '')}`}>
                <Ltr>{field.phone}</Ltr>
              </Link>
            </>
          )}
        </Line>
      );
    case 'address':
      return (
        <Line icon={<PlaceIcon />} testId="address">
          <bdi>{localAddress(field.text, t)}</bdi>
        </Line>
      );
    case 'zone':
      return (
        <Line
          icon={field.point ? <PlaceIcon color="primary" /> : <PentagonIcon color="primary" />}
          testId="zone"
        >
          {field.text}
        </Line>
      );
    case 'coordinates':
      return (
        <Line icon={<GpsFixedIcon />} testId="coordinates">
          <Box component="bdi" dir="ltr" data-testid="popup-coordinates-text">
            {field.text}
          </Box>{' '}
          <Tooltip title={t('live.navigate')}>
            <Link
              href={field.url}
              target="_blank"
              rel="noopener"
              aria-label={t('live.navigate')}
              data-testid="popup-navigate"
            >
              <NavigationIcon sx={{ fontSize: 16, verticalAlign: 'middle' }} />
            </Link>
          </Tooltip>
        </Line>
      );
    case 'fixTime':
      return (
        <Line icon={<AccessTimeIcon />} testId="fix-time">
          <Ltr>{field.time}</Ltr>
        </Line>
      );
    case 'event':
      return (
        <Line icon={<EventIcon />} testId="event">
          {field.text}
        </Line>
      );
    case 'battery':
      return (
        <Line icon={<BatteryIcon />} testId="battery">
          {t('live.battery')}: <Ltr>{field.text}</Ltr>
        </Line>
      );
    case 'level':
      return (
        <Line icon={field.electric ? <EvStationIcon /> : <LocalGasStationIcon />} testId="level">
          <ButtonBase
            onClick={onCycleLevel}
            sx={{ color: field.color ? LEVEL_COLORS[field.color] : 'inherit', fontSize: 14 }}
          >
            {t(`live.levelMode.${field.mode}`)}:&nbsp;<Ltr>{field.text}</Ltr>
          </ButtonBase>
        </Line>
      );
    case 'power':
      return (
        <Line icon={<ElectricBoltIcon />} testId="power">
          <Box component="span" sx={{ color: field.color ? LEVEL_COLORS[field.color] : 'inherit' }}>
            {t('live.power')}: <Ltr>{field.text}</Ltr>
          </Box>
        </Line>
      );
    case 'maintenance':
      return (
        <Line icon={<BuildIcon color="warning" />} testId="maintenance">
          {t('live.inMaintenance')}
        </Line>
      );
    case 'noGps':
      return (
        <Line icon={<GpsOffIcon color="error" />} testId="no-gps">
          {t('live.noGps')}
        </Line>
      );
    case 'lowGsm':
      return (
        <Line icon={<SignalIcon color="error" />} testId="low-gsm">
          {t('live.lowGsm')}
        </Line>
      );
    case 'immobilization':
      return (
        <Line
          icon={
            field.state === 'on' ? (
              <LockIcon color="error" />
            ) : (
              <LockOpenIcon color={field.state === 'off' ? 'success' : 'disabled'} />
            )
          }
          testId="immobilization"
        >
          {t(`live.immobilization.${field.state}`)}
          {field.pending ? ` · ${t('live.commandPending')}` : ''}
        </Line>
      );
    case 'odometer':
      return (
        <Line icon={field.mode === 'hours' ? <TimerIcon /> : <SpeedIcon />} testId="odometer">
          <ButtonBase onClick={onToggleOdometer} sx={{ fontSize: 14 }}>
            {t(field.mode === 'hours' ? 'live.hourMeter' : 'live.odometer')}:&nbsp;
            <Measure>{field.text}</Measure>
          </ButtonBase>
        </Line>
      );
    default:
      return null;
  }
}
