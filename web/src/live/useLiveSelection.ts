import { useCallback, useState } from 'react';
import type { VehicleView } from './types';

/**
 * The selected vehicle and whether its popup is open. A marker click toggles the popup; when the selected
 * vehicle stops passing the filters, the selection and popup close (document 1 §2).
 */
export function useLiveSelection(rows: readonly VehicleView[]) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const selected = selectedId === null ? null : (rows.find((row) => row.id === selectedId) ?? null);

  // Dropped while rendering (React renders again at once), not in an effect: no render is committed that
  // still holds a selection nothing shows.
  if (selectedId !== null && selected === null) {
    setSelectedId(null);
    setPopupOpen(false);
  }

  const select = useCallback((id: number) => {
    setSelectedId(id);
    setPopupOpen(true);
  }, []);

  const toggle = useCallback(
    (id: number) => {
      if (id === selectedId) setPopupOpen((open) => !open);
      else select(id);
    },
    [selectedId, select],
  );

  const closePopup = useCallback(() => setPopupOpen(false), []);
  return { selected, popupOpen: popupOpen && selected !== null, select, toggle, closePopup };
}
