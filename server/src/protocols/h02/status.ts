/**
 * The 32-bit status word of H02 frames. Its alarm bits are active low (a cleared bit raises the
 * alarm); ACC (ignition) is bit 10, set when on. As Traccar reads it, one alarm is reported, the first
 * of: vibration (bit 0), SOS (bit 1 or bit 18), overspeed (bit 2), external power cut (bit 19).
 */
export function statusAttributes(status: number): Record<string, unknown> {
  const set = (bit: number): boolean => ((status >>> bit) & 1) === 1;
  const attributes: Record<string, unknown> = { status, ignition: set(10) };
  let alarm: string | undefined;
  if (!set(0)) alarm = 'vibration';
  else if (!set(1) || !set(18)) alarm = 'sos';
  else if (!set(2)) alarm = 'overspeed';
  else if (!set(19)) alarm = 'powerCut';
  if (alarm) attributes.alarm = alarm;
  return attributes;
}

/** The status word as 8 hex digits; undefined when the field is not one. */
export function parseStatus(field: string | undefined): number | undefined {
  return field !== undefined && /^[0-9a-f]{8}$/i.test(field) ? parseInt(field, 16) : undefined;
}

/** A status word with no alarm raised and the given ignition (what the simulator sends). */
export function statusWord(options: { ignition: boolean; sos?: boolean }): number {
  let status = 0xfffffbff;
  if (options.ignition) status |= 1 << 10;
  if (options.sos) status &= ~(1 << 1);
  return status >>> 0;
}
