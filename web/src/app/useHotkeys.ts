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
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [onBeta, onCookie]);
}
