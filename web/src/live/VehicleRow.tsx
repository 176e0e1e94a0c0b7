import { memo, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { styled } from '@mui/material/styles';
import EvStationIcon from '@mui/icons-material/EvStation';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/Place';
import SpeedIcon from '@mui/icons-material/Speed';
import { defaultOdometerMode, isElectric, odometerModes } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { cycleFuelMode, fuelModeOf, odometerModeOf, toggleOdometerMode } from './displayModes';
import { LEVEL_COLORS, levelDisplay } from './levelText';
import { Ltr, Measure } from './Ltr';
import { coordinatesText, odometerText, speedText } from './popupFields';
import { STATUS_HEX } from './statusColors';
import type { VehicleView } from './types';
import { VehicleIndicators } from './VehicleIndicators';
import { AddressText } from '../common/AddressText';

/** Document 1 §2: vehicle rows are 130 px high. */
export const VEHICLE_ROW_HEIGHT = 130;

// Static styled parts: a flush re-renders every visible row, so rows avoid per-render style objects.
const Slot = styled('div')({ padding: '4px 8px', boxSizing: 'border-box' });
const Card = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  height: '100%',
  padding: '6px 10px',
  boxSizing: 'border-box',
  borderRadius: theme.shape.borderRadius,
  border: `1px solid ${theme.palette.divider}`,
  borderInlineStartWidth: 5,
  background: theme.palette.background.paper,
  cursor: 'pointer',
  overflow: 'hidden',
  outline: 'none',
  '&[aria-selected="true"]': {
    borderColor: theme.palette.primary.main,
    background: theme.palette.action.selected,
  },
  '&[aria-disabled="true"]': { cursor: 'default' },
  '&:hover, &:focus-visible': { background: theme.palette.action.hover },
}));
const Name = styled('div')(({ theme }) => ({
  ...theme.typography.subtitle2,
  fontWeight: 700,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
}));
const Line = styled('div')(({ theme }) => ({
  ...theme.typography.body2,
  color: theme.palette.text.secondary,
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  minWidth: 0,
  whiteSpace: 'nowrap',
  '& > span': { overflow: 'hidden', textOverflow: 'ellipsis' },
  '& svg': { fontSize: 16, flexShrink: 0 },
}));
const Caption = styled('div')(({ theme }) => ({
  ...theme.typography.caption,
  color: theme.palette.text.secondary,
  whiteSpace: 'nowrap',
}));
const Bottom = styled('div')({ display: 'flex', alignItems: 'center', gap: 8, minHeight: 24 });
const Tap = styled('button')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  border: 0,
  background: 'none',
  padding: '0 4px',
  borderRadius: 4,
  cursor: 'pointer',
  color: 'inherit',
  '& svg': { fontSize: 16 },
  '&:hover': { background: theme.palette.action.hover },
}));

export interface VehicleRowProps {
  view: VehicleView;
  selected: boolean;
  pending: boolean;
  formatTime: (iso: string) => string;
  onSelect: (view: VehicleView) => void;
  style?: CSSProperties;
  /** Changes when a fuel or odometer display mode changes, so the memoised row redraws. */
  modesVersion: number;
}

const stop = (handler: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  handler();
};

function RowBody({ view, pending, formatTime }: Pick<VehicleRowProps, 'view' | 'pending' | 'formatTime'>) {
  const { t } = useTranslation();
  const position = view.position;
  const device = view.device.attributes ?? {};
  const attributes = position?.attributes ?? {};
  const level = levelDisplay(view, fuelModeOf(view.id, device, attributes));
  const mode = odometerModeOf(view.id) ?? defaultOdometerMode(device, attributes);
  const odometer = odometerText(mode, attributes) ?? odometerText('odometer', attributes);
  const toggles = odometerModes(attributes).length > 1;
  const LevelIcon = isElectric(device) ? EvStationIcon : LocalGasStationIcon;
  return (
    <>
      <Line data-testid="vehicle-row-info">
        <span>
          {view.plate && (
            <>
              <Ltr>{view.plate}</Ltr>
              {' · '}
            </>
          )}
          {t(`live.status.${view.status.label}`)}
          {position && (
            <>
              {' · '}
              <Measure>{speedText(position.speed)}</Measure>
            </>
          )}
        </span>
      </Line>
      <Line>
        {view.driverName && (
          <>
            <PersonIcon />
            <span style={{ flexShrink: 0, maxWidth: '40%' }}>{view.driverName}</span>
          </>
        )}
        {position ? (
          <>
            <PlaceIcon />
            {/* Cut at the text's own end: an address keeps its distance and loses the end of its place;
                coordinates read left to right on an Arabic page too. */}
            {position.address ? (
              <AddressText address={position.address} testId="vehicle-row-address" />
            ) : (
              <span dir="ltr" data-testid="vehicle-row-address">
                {coordinatesText(position.latitude, position.longitude)}
              </span>
            )}
          </>
        ) : (
          <span>{t('live.noPosition')}</span>
        )}
      </Line>
      <Bottom>
        <VehicleIndicators indicators={view.indicators} pending={pending} />
        <span style={{ flex: 1 }} />
        {level && (
          <Tap
            type="button"
            onClick={stop(() => cycleFuelMode(view.id, device, attributes))}
            data-testid="row-level"
            style={{ color: level.color ? LEVEL_COLORS[level.color] : undefined }}
          >
            <LevelIcon />
            <Ltr>{level.text}</Ltr>
          </Tap>
        )}
        {odometer && (
          <Tap
            type="button"
            onClick={stop(() => toggles && toggleOdometerMode(view.id, device, attributes))}
            data-testid="row-odometer"
          >
            <SpeedIcon />
            <Measure>{odometer}</Measure>
          </Tap>
        )}
      </Bottom>
      {position && (
        <Caption>
          <Ltr>{formatTime(position.fixTime)}</Ltr>
        </Caption>
      )}
    </>
  );
}

/** One vehicle of the panel: name, plate, status, speed, driver, address, indicators, level, odometer. */
export const VehicleRow = memo(function VehicleRow(props: VehicleRowProps) {
  const { view, selected, onSelect, style } = props;
  const { t } = useTranslation();
  const hidden = view.indicators.privacy;
  const choose = () => !hidden && onSelect(view);
  const key = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose();
    }
  };
  return (
    <Slot style={style}>
      <Card
        role="button"
        tabIndex={0}
        data-testid="vehicle-row"
        data-device-id={view.id}
        data-status={view.status.status}
        aria-selected={selected}
        aria-disabled={hidden}
        onClick={choose}
        onKeyDown={key}
        style={{ borderInlineStartColor: STATUS_HEX[view.status.color] }}
      >
        <Name data-testid="vehicle-row-name">{view.name}</Name>
        {hidden ? (
          <>
            <Line>{t('live.status.private')}</Line>
            <VehicleIndicators indicators={view.indicators} pending={props.pending} />
          </>
        ) : (
          <RowBody view={view} pending={props.pending} formatTime={props.formatTime} />
        )}
      </Card>
    </Slot>
  );
});
