import { memo, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
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
import { ROW } from './vehicleRowStyles';
import { AddressText } from '../common/AddressText';

/** Document 1 §2: vehicle rows are 130 px high. */
export const VEHICLE_ROW_HEIGHT = 130;

// The rows' parts carry class names whose rules the list writes once (vehicleRowStyles.ts), and their icons
// are made once: React skips an element it has already drawn, so a flush redraws only what changed.
const personIcon = <PersonIcon />;
const placeIcon = <PlaceIcon />;
const speedIcon = <SpeedIcon />;
const electricIcon = <EvStationIcon />;
const fuelIcon = <LocalGasStationIcon />;
const spacer = <span style={{ flex: 1 }} />;
const driverStyle = { flexShrink: 0, maxWidth: '40%' } as const;

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
  return (
    <>
      <div className={ROW.line} data-testid="vehicle-row-info">
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
      </div>
      <div className={ROW.line}>
        {view.driverName && (
          <>
            {personIcon}
            <span style={driverStyle}>{view.driverName}</span>
          </>
        )}
        {position ? (
          <>
            {placeIcon}
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
      </div>
      <div className={ROW.bottom}>
        <VehicleIndicators indicators={view.indicators} pending={pending} />
        {spacer}
        {level && (
          <button
            className={ROW.tap}
            type="button"
            onClick={stop(() => cycleFuelMode(view.id, device, attributes))}
            data-testid="row-level"
            style={{ color: level.color ? LEVEL_COLORS[level.color] : undefined }}
          >
            {isElectric(device) ? electricIcon : fuelIcon}
            <Ltr>{level.text}</Ltr>
          </button>
        )}
        {odometer && (
          <button
            className={ROW.tap}
            type="button"
            onClick={stop(() => toggles && toggleOdometerMode(view.id, device, attributes))}
            data-testid="row-odometer"
          >
            {speedIcon}
            <Measure>{odometer}</Measure>
          </button>
        )}
      </div>
      {position && (
        <div className={ROW.caption}>
          <Ltr>{formatTime(position.fixTime)}</Ltr>
        </div>
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
    <div className={ROW.slot} style={style}>
      <div
        className={ROW.card}
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
        <div className={ROW.name} data-testid="vehicle-row-name">
          {view.name}
        </div>
        {hidden ? (
          <>
            <div className={ROW.line}>{t('live.status.private')}</div>
            <VehicleIndicators indicators={view.indicators} pending={props.pending} />
          </>
        ) : (
          <RowBody view={view} pending={props.pending} formatTime={props.formatTime} />
        )}
      </div>
    </div>
  );
});
