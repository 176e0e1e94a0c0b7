/** The room of each app bar button: 40 px wide, the account button 16 px in from the screen's edge. */
const BAR_BUTTON_ROOM = 60;

/**
 * How notices look. A phone's live notice (useLiveUpdates anchors it top centre, the class
 * `frota-notices-top`) shows in the app bar's title space between the menu and account buttons, so the page
 * under the bar (its title, a form) stays uncovered and both buttons stay in reach.
 */
export const NOTICE_STYLES = {
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
  // right to left, the close button mirrored: notistack places it with physical margins made for left to
  // right (auto on the left, -8 px on the right, 16 px padding on the left), which in Arabic put it onto the
  // text; it goes to the far (left) end with its 16 px towards the text. Written as for left to right: the
  // page's right-to-left style cache flips every side of these rules (margin-right: auto, and so on).
  '[dir="rtl"] #notistack-snackbar + div': {
    marginLeft: 'auto',
    marginRight: -8,
    paddingLeft: 16,
    paddingRight: 0,
  },
} as const;
