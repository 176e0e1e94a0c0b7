import { keyframes, type Theme } from '@mui/material/styles';

/**
 * The vehicle rows' parts are plain elements with these classes, and their rules are written once, for the
 * list that holds them: a flush re-renders every visible row, and styled parts would each have their styles
 * serialised again on every render (some 6 ms of a 10,000-vehicle flush).
 */
export const ROW = {
  slot: 'frota-vrow',
  card: 'frota-vrow-card',
  name: 'frota-vrow-name',
  line: 'frota-vrow-line',
  caption: 'frota-vrow-caption',
  bottom: 'frota-vrow-bottom',
  tap: 'frota-vrow-tap',
  indicators: 'frota-vrow-indicators',
  indicator: 'frota-vrow-indicator',
} as const;

const blink = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.15; }
`;

/** The class of the list's box, under which the rules of the rows apply. */
export const ROWS = 'frota-vrows';

/**
 * The rules of the list's box and of the rows inside it, as global styles (VehicleRowRules writes them once
 * a theme; a styled box would serialise them again on every flush, which renders the list again).
 */
export const vehicleRowRules = (theme: Theme) => ({
  [`.${ROWS}`]: {
    flex: 1,
    minHeight: 0,
    [`& .${ROW.slot}`]: { padding: '4px 8px', boxSizing: 'border-box' },
    [`& .${ROW.card}`]: {
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
    },
    [`& .${ROW.name}`]: {
      ...theme.typography.subtitle2,
      fontWeight: 700,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    [`& .${ROW.line}`]: {
      ...theme.typography.body2,
      color: theme.palette.text.secondary,
      display: 'flex',
      alignItems: 'center',
      gap: 4,
      minWidth: 0,
      whiteSpace: 'nowrap',
      '& > span': { overflow: 'hidden', textOverflow: 'ellipsis' },
      '& svg': { fontSize: 16, flexShrink: 0 },
    },
    [`& .${ROW.caption}`]: {
      ...theme.typography.caption,
      color: theme.palette.text.secondary,
      whiteSpace: 'nowrap',
    },
    [`& .${ROW.bottom}`]: { display: 'flex', alignItems: 'center', gap: 8, minHeight: 24 },
    [`& .${ROW.tap}`]: {
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
    },
    [`& .${ROW.indicators}`]: {
      display: 'flex',
      gap: theme.spacing(0.5),
      alignItems: 'center',
      '& svg': { fontSize: 18 },
    },
    [`& .${ROW.indicator}`]: {
      display: 'inline-flex',
      '&[data-pending="true"]': { animation: `${blink} 1s step-end infinite` },
    },
  },
});
