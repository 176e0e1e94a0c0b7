/** Document 3 §9: the tachograph grids page 100 rows of 30 pixels. */
export const TACHO_PAGE_SIZE = 100;
export const TACHO_ROW_HEIGHT = 30;
