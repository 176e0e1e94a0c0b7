/** Whether a key press lands in a field that takes typed text (space then types, it does not play). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(type);
  }
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'spinbutton';
}

/**
 * The space bar toggles playback when the focus is not in a field. A focused button would also take the
 * space as a click when the key goes up, so it loses the focus first.
 */
export function spaceToggleHandler(toggle: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.code !== 'Space' && event.key !== ' ') return;
    if (event.repeat || event.ctrlKey || event.altKey || event.metaKey) return;
    if (isTypingTarget(event.target)) return;
    if (document.querySelector('[role="dialog"]')) return;
    event.preventDefault();
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      document.activeElement.blur();
    toggle();
  };
}
