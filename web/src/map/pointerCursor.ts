/**
 * The map canvas's pointer cursor, shown while the mouse is over a vehicle: an icon (MapLibre's
 * mouseenter/mouseleave on the icon layer) or a dot of the dense view (found by hit-testing on mousemove).
 * Each source only says whether it is under the mouse, so leaving one never clears the cursor the other set.
 */
export class PointerCursor {
  private onIcon = false;
  private onDot = false;

  constructor(private readonly style: { cursor: string }) {}

  icon(over: boolean): void {
    this.onIcon = over;
    this.apply();
  }

  dot(over: boolean): void {
    if (over === this.onDot) return;
    this.onDot = over;
    this.apply();
  }

  private apply(): void {
    this.style.cursor = this.onIcon || this.onDot ? 'pointer' : '';
  }
}
