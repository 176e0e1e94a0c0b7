import { describe, expect, it, vi } from 'vitest';
import { isTypingTarget, spaceToggleHandler } from './spaceToggle';

const press = (target: HTMLElement, key = ' ') => {
  const event = new KeyboardEvent('keydown', {
    key,
    code: key === ' ' ? 'Space' : 'KeyA',
    bubbles: true,
    cancelable: true,
  });
  target.dispatchEvent(event);
  return event;
};

describe('space toggles playback', () => {
  it('toggles when the focus is outside fields and leaves fields alone', () => {
    const toggle = vi.fn();
    const handler = spaceToggleHandler(toggle);
    document.addEventListener('keydown', handler);
    const input = document.createElement('input');
    const button = document.createElement('button');
    document.body.append(input, button);

    expect(press(document.body).defaultPrevented).toBe(true);
    expect(toggle).toHaveBeenCalledTimes(1);
    press(input);
    expect(toggle).toHaveBeenCalledTimes(1);
    press(document.body, 'a');
    expect(toggle).toHaveBeenCalledTimes(1);
    button.focus();
    press(button);
    expect(toggle).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(document.body);

    document.removeEventListener('keydown', handler);
    input.remove();
    button.remove();
  });

  it('knows typing fields', () => {
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    const combo = document.createElement('div');
    combo.setAttribute('role', 'combobox');
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(combo)).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(document.createElement('div'))).toBe(false);
  });
});
