/** The year presets' permission flag (document 2 §2.2, §6; the spec does not name it). */
export const YEAR_PERMISSION = 'reports.year';
