/**
 * The device status of GV-series fixed reports, six hex digits: the ignition state (high byte: 0x10
 * off, 0x20 on), the digital inputs (middle byte, bit 0 is the ignition line, bit n input n) and the
 * digital outputs (low byte, bit n-1 output n).
 */
export function applyDeviceStatus(attributes: Record<string, unknown>, hex: string): void {
  const value = parseInt(hex, 16);
  const state = (value >> 16) & 0xff;
  const inputs = (value >> 8) & 0xff;
  const outputs = value & 0xff;
  if (state & 0x10) attributes.ignition = false;
  else if (state & 0x20) attributes.ignition = true;
  attributes.in1 = (inputs & 0b010) !== 0;
  attributes.in2 = (inputs & 0b100) !== 0;
  attributes.out1 = (outputs & 0b01) !== 0;
  attributes.out2 = (outputs & 0b10) !== 0;
}

/**
 * The motion state of GTSTT: 1x with the ignition off, 2x with it on, 4x from the motion sensor alone;
 * x = 1 at rest, 2 moving, 6 (16) towed, A (1A) fake tow.
 */
export function applyMotionState(attributes: Record<string, unknown>, hex: string): void {
  if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return;
  const state = parseInt(hex, 16);
  attributes.status = state;
  const group = state >> 4;
  const detail = state & 0xf;
  attributes.motion = detail === 2 || state === 0x16;
  if (group === 1 && state !== 0x16 && state !== 0x1a) attributes.ignition = false;
  if (group === 2) attributes.ignition = true;
}
