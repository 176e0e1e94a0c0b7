/**
 * Traccar's position attributes -> Frota's: the one table of the mapping (issue 37, point 1). Frota's decoders
 * already name attributes as Traccar does (same keys, same units: metres, milliseconds, volts, knots), so most
 * keys pass unchanged; the table says so key by key, and names the few that differ. A key in neither the table
 * nor the prefixes passes unchanged too (a computed attribute of the Traccar server, a protocol's own key).
 */

export type AttributeRule =
  { kind: 'keep'; why: string } | { kind: 'rename'; to: string; why: string } | { kind: 'drop'; why: string };

const keep = (why: string): AttributeRule => ({ kind: 'keep', why });
const rename = (to: string, why: string): AttributeRule => ({ kind: 'rename', to, why });
const drop = (why: string): AttributeRule => ({ kind: 'drop', why });

/** Traccar's named keys (org.traccar.model.Position.KEY_*). */
export const ATTRIBUTE_MAP: Readonly<Record<string, AttributeRule>> = {
  ignition: keep('boolean; the ignition detector raises ignitionOn/ignitionOff from it'),
  motion: keep('boolean; read by the trips and stops'),
  fuel: keep('as the tracker reports it; the fuel-drop detector reads it'),
  fuelLevel: keep('percent'),
  fuelUsed: keep('litres'),
  fuelConsumption: keep('litres per hour'),
  odometer: keep("metres: the tracker's own meter"),
  obdOdometer: keep('metres'),
  tripOdometer: keep('metres'),
  serviceOdometer: keep('metres'),
  hours: keep("milliseconds; the hours stage keeps a meter the record brings (Traccar's or the tracker's)"),
  driverUniqueId: keep("the driver's card; the driver stage names the driver"),
  alarm: keep("Traccar's names, comma-separated; detectors/alarms.ts maps them to Frota's"),
  event: keep("the protocol's event code (also the position's event column when it is an integer)"),
  power: keep('volts: external power'),
  battery: keep('volts: backup battery; the low-battery alarm reads it'),
  batteryLevel: keep('percent; the low-battery alarm reads it'),
  charge: keep('boolean; no low-battery alarm while charging'),
  sat: keep('satellites in use'),
  satVisible: keep('satellites in view'),
  rssi: keep('signal strength'),
  hdop: keep('dilution of precision'),
  pdop: keep('dilution of precision'),
  blocked: keep('boolean: engine immobilised'),
  result: keep('a command answer; the pipeline stores it even at the last fix'),
  speedLimit: keep('knots, as ours; the zones and the road may lower it'),
  rpm: keep('engine revolutions per minute'),
  obdSpeed: keep('km/h, as Traccar stores it'),
  vin: keep('the vehicle identification number'),
  totalDistance: rename(
    'traccarTotalDistance',
    "metres; Frota computes its own totalDistance from the fixes, Traccar's is kept for comparison",
  ),
  distance: drop('metres from the previous fix: the distance stage computes it'),
  raw: drop('the undecoded message (hex): large, and nothing here reads it'),
};

/** Numbered families: the tracker's IO elements, inputs, outputs, analogue inputs, probes and counters. */
export const ATTRIBUTE_PREFIXES: ReadonlyArray<{ pattern: RegExp; rule: AttributeRule }> = [
  { pattern: /^io\d+$/, rule: keep('a raw IO element by id, as the Teltonika decoder keeps them') },
  { pattern: /^in\d+$/, rule: keep('a digital input (boolean)') },
  { pattern: /^out\d+$/, rule: keep('a digital output (boolean)') },
  { pattern: /^adc\d+$/, rule: keep('an analogue input (volts)') },
  { pattern: /^temp\d+$/, rule: keep('a temperature probe (°C)') },
  { pattern: /^count\d+$/, rule: keep('a pulse counter') },
];

const UNLISTED: AttributeRule = keep('not in the table: passed unchanged');

export function ruleFor(key: string): AttributeRule {
  if (Object.hasOwn(ATTRIBUTE_MAP, key)) return ATTRIBUTE_MAP[key];
  return ATTRIBUTE_PREFIXES.find((p) => p.pattern.test(key))?.rule ?? UNLISTED;
}

/** A new object: Traccar's attributes under Frota's names, without the dropped ones. */
export function mapAttributes(traccar: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const mapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(traccar)) {
    if (value === null || value === undefined) continue;
    const rule = ruleFor(key);
    if (rule.kind === 'keep') mapped[key] = value;
    else if (rule.kind === 'rename') mapped[rule.to] = value;
  }
  return mapped;
}
