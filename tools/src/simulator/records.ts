/** Samples as the two protocols carry them: a Teltonika Codec 8 AVL record, an OsmAnd query string. */
import { ioElement, type AvlIo, type AvlRecord } from '../../../server/src/protocols';
import type { Sample, VehicleEvent } from './vehicle';

/** FMB-series IO ids (shared/protocols/teltonika.md). */
export const IO = {
  odometer: 16,
  rssi: 21,
  gnssSpeed: 24,
  power: 66,
  battery: 67,
  rfid: 78,
  canRpm: 85,
  fuel: 89,
  sos: 236,
  ignition: 239,
  movement: 240,
  idling: 251,
  greenDrivingType: 253,
  greenDrivingValue: 254,
} as const;

const PRIORITY_LOW = 0;
const PRIORITY_HIGH = 1;

/** The IO that caused the record (Teltonika's event IO id), 0 for a periodic record. */
export function eventIoId(event: VehicleEvent | null): number {
  switch (event?.type) {
    case 'ignitionOn':
    case 'ignitionOff':
      return IO.ignition;
    case 'greenDriving':
      return IO.greenDrivingType;
    case 'sos':
      return IO.sos;
    default:
      return 0;
  }
}

/**
 * The RFID key as the reader sends it in io78: its 16 hex digits as an 8-byte number, which the server
 * shows as the same 16 hex digits (so a seeded driver with that uniqueId is found).
 */
export function rfidNumber(key: string): bigint {
  if (!/^[0-9A-F]{16}$/.test(key)) throw new Error(`an RFID key is 16 uppercase hex digits, not "${key}"`);
  return BigInt(`0x${key}`);
}

export function toAvlRecord(s: Sample): AvlRecord {
  const io: AvlIo[] = [
    ioElement(IO.ignition, 1, s.ignition ? 1 : 0),
    ioElement(IO.movement, 1, s.motion ? 1 : 0),
    ioElement(IO.idling, 1, s.idling ? 1 : 0),
    ioElement(IO.rssi, 1, s.rssi),
    ioElement(IO.fuel, 1, s.fuel),
    ioElement(IO.gnssSpeed, 2, s.speedKmh),
    ioElement(IO.power, 2, s.powerMv),
    ioElement(IO.battery, 2, s.batteryMv),
    ioElement(IO.odometer, 4, s.odometer),
  ];
  // one card in the reader: a boarding passenger's, else the driver's
  const card = s.passengerCard ?? s.driver;
  if (card) io.push(ioElement(IO.rfid, 8, rfidNumber(card)));
  if (typeof s.rpm === 'number') io.push(ioElement(IO.canRpm, 2, s.rpm));
  // digital input n is IO n (DIN1..DIN4)
  if (s.workInput) io.push(ioElement(s.workInput.port, 1, s.workInput.on ? 1 : 0));
  if (s.event?.type === 'greenDriving') {
    io.push(
      ioElement(IO.greenDrivingType, 1, s.event.kind),
      ioElement(IO.greenDrivingValue, 1, s.event.value),
    );
  }
  if (s.event?.type === 'sos') io.push(ioElement(IO.sos, 1, 1));
  return {
    timestamp: s.time,
    priority: s.event ? PRIORITY_HIGH : PRIORITY_LOW,
    longitude: s.longitude,
    latitude: s.latitude,
    altitude: s.altitude,
    angle: s.course,
    satellites: s.satellites,
    speedKmh: s.speedKmh,
    eventId: eventIoId(s.event),
    io,
  };
}

const GREEN_DRIVING_ALARMS = { 1: 'hardAcceleration', 2: 'hardBraking', 3: 'hardCornering' } as const;

/** Phone battery in percent from the backup battery voltage (3.5 V empty, 4.2 V full). */
export const batteryPercent = (mv: number): number =>
  Math.max(0, Math.min(100, Math.round(((mv - 3_500) / 700) * 100)));

/** An OsmAnd (Traccar Client) request: `?id=&lat=&lon=&timestamp=&speed=(knots)&...`. */
export function toOsmandQuery(uniqueId: string, s: Sample): URLSearchParams {
  const q = new URLSearchParams({
    id: uniqueId,
    timestamp: String(Math.floor(s.time / 1000)),
    lat: s.latitude.toFixed(6),
    lon: s.longitude.toFixed(6),
    speed: (s.speedKmh / 1.852).toFixed(1),
    bearing: String(s.course),
    altitude: String(s.altitude),
    accuracy: '5',
    batt: String(batteryPercent(s.batteryMv)),
    ignition: String(s.ignition),
    motion: String(s.motion),
    fuel: String(s.fuel),
    power: (s.powerMv / 1000).toFixed(2),
    odometer: String(s.odometer),
    rssi: String(s.rssi),
  });
  const card = s.passengerCard ?? s.driver;
  if (card) q.set('driverUniqueId', card);
  if (typeof s.rpm === 'number') q.set('rpm', String(s.rpm));
  if (s.workInput) q.set(`in${s.workInput.port}`, String(s.workInput.on));
  if (s.event?.type === 'greenDriving') q.set('alarm', GREEN_DRIVING_ALARMS[s.event.kind]);
  if (s.event?.type === 'sos') q.set('alarm', 'sos');
  return q;
}
