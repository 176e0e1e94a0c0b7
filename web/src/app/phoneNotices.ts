/** The room of each app bar button: 40 px wide, the account button 16 px in from the screen's edge. */
const BAR_BUTTON_ROOM = 60;

/**
 * Where a phone's live notice shows (useLiveUpdates anchors it top centre, the class `frota-notices-top`): in
 * the app bar's title space between the menu and account buttons, so the page under the bar (its title, a
 * form) stays uncovered and both buttons stay in reach.
 */
export const PHONE_NOTICE_STYLES = {
  '.frota-notices-top': {
    top: '0 !important',
    left: `${BAR_BUTTON_ROOM}px !important`,
    right: `${BAR_BUTTON_ROOM}px !important`,
    width: 'auto !important',
    maxWidth: 'none !important',
    transform: 'none !important',
  },
  // at most two short lines in the bar's 48 px
  '.frota-notices-top .notistack-CollapseWrapper': { padding: '2px 0 !important' },
  '.frota-notices-top .notistack-Snackbar': { minWidth: '0 !important' },
  '.frota-notices-top .notistack-MuiContent': {
    padding: '0 0 0 10px',
    minHeight: 44,
    minWidth: 0,
    fontSize: '0.8125rem',
    lineHeight: 1.25,
    flexWrap: 'nowrap',
  },
  '.frota-notices-top #notistack-snackbar': {
    padding: '4px 0',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
} as const;
