import { alpha, type Theme } from '@mui/material/styles';

/** The colours a list rule may give a row or a cell: the theme's palette, so dark mode follows. */
export const LIST_TONES = ['error', 'warning', 'success', 'info'] as const;
export type ListTone = (typeof LIST_TONES)[number];

export const rowToneClass = (tone: ListTone | null | undefined): string => (tone ? `list-row-${tone}` : '');
export const cellToneClass = (tone: ListTone | null | undefined): string => (tone ? `list-cell-${tone}` : '');

/** Grid styles of the tone classes: a light tint for rows, the tone's text colour for cells. */
export function toneStyles(theme: Theme): Record<string, object> {
  const styles: Record<string, object> = {};
  for (const tone of LIST_TONES) {
    const colour = theme.palette[tone].main;
    styles[`& .list-row-${tone}`] = {
      bgcolor: alpha(colour, 0.12),
      '&:hover': { bgcolor: alpha(colour, 0.2) },
    };
    styles[`& .list-cell-${tone}`] = { color: theme.palette[tone].dark, fontWeight: 600 };
  }
  return styles;
}
