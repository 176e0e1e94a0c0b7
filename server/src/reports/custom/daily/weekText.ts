/** The working week in words for a subtitle: "Horário: dias úteis 09:00-18:00 · sábado 09:00-13:00". */
import type { WorkingWeek } from '../../../track/workingHours';

export function weekText(w: WorkingWeek): string {
  const parts = [
    w.weekdays ? `dias úteis ${w.weekdays_start}-${w.weekdays_end}` : '',
    w.saturday ? `sábado ${w.saturday_start}-${w.saturday_end}` : '',
    w.sunday ? `domingo ${w.sunday_start}-${w.sunday_end}` : '',
  ].filter(Boolean);
  return `Horário: ${parts.length ? parts.join(' · ') : 'nenhum'}`;
}
