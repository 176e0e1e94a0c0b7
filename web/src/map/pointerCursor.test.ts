import { describe, expect, it } from 'vitest';
import { PointerCursor } from './pointerCursor';

describe('pointer cursor', () => {
  it('shows while the mouse is over an icon or a dot', () => {
    const style = { cursor: '' };
    const cursor = new PointerCursor(style);
    cursor.dot(true);
    expect(style.cursor).toBe('pointer');
    cursor.dot(false);
    expect(style.cursor).toBe('');
    cursor.icon(true);
    expect(style.cursor).toBe('pointer');
    cursor.icon(false);
    expect(style.cursor).toBe('');
  });

  it('keeps the icon pointer when the dense view turns sparse under a resting mouse', () => {
    const style = { cursor: '' };
    const cursor = new PointerCursor(style);
    cursor.dot(true);
    // Zoomed in: icons replace dots, the icon layer reports the mouse, then the next move finds no dot.
    cursor.icon(true);
    cursor.dot(false);
    expect(style.cursor).toBe('pointer');
    cursor.icon(false);
    expect(style.cursor).toBe('');
  });

  it('leaves a cursor set by someone else alone while nothing changes under the mouse', () => {
    const style = { cursor: '' };
    const cursor = new PointerCursor(style);
    style.cursor = 'crosshair';
    cursor.dot(false);
    expect(style.cursor).toBe('crosshair');
  });
});
