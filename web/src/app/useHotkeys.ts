import { useEffect } from 'react';

export interface Hotkeys {
  onBeta: () => void;
  onCookie: () => void;
}

/** Ctrl+Alt+B toggles beta mode, Ctrl+Alt+0 offers the session cookie. */
export function useHotkeys({ onBeta, onCookie }: Hotkeys): void {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (!event.ctrlKey || !event.altKey) return;
      if (event.code === 'KeyB') {
        event.preventDefault();
        onBeta();
      } else if (event.code === 'Digit0' || event.code === 'Numpad0') {
        event.preventDefault();
        onCookie();
      }
    };
    // Capture phase: a focused widget (the map, a grid) must not swallow the shortcut.
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [onBeta, onCookie]);
}
