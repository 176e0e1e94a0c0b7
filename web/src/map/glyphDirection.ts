/**
 * MapLibre draws each label glyph alone on an OffscreenCanvas whose writing direction follows the page's: on
 * an Arabic (right-to-left) page "(" came out as ")" ("Escolar 1 )LD-14-58-EU("). A glyph is drawn left to
 * right; the order of a label's characters stays MapLibre's own (its bidirectional algorithm).
 */
let patched = false;

export function drawGlyphsLeftToRight(): void {
  if (patched || typeof OffscreenCanvas === 'undefined') return;
  patched = true;
  const getContext = OffscreenCanvas.prototype.getContext;
  OffscreenCanvas.prototype.getContext = function (
    this: OffscreenCanvas,
    ...args: Parameters<typeof getContext>
  ) {
    const context = getContext.apply(this, args);
    if (args[0] === '2d' && context) (context as OffscreenCanvasRenderingContext2D).direction = 'ltr';
    return context;
  } as typeof getContext;
}
