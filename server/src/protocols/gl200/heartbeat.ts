import type { Gl200Fields } from './fields';

/**
 * The answer to a `+ACK:GTHBD` heartbeat, `+SACK:GTHBD,<protocol version>,<count number>$`: a device
 * that gets none counts the connection as lost.
 */
export function heartbeatAnswer(fields: Gl200Fields): Buffer {
  return Buffer.from(`+SACK:GTHBD,${fields.version},${fields.count}$`, 'latin1');
}

/** A heartbeat as the device sends it (the simulator's sync frame). */
export function heartbeatFrame(version: string, uniqueId: string, time: Date, count: number): Buffer {
  return Buffer.from(`+ACK:GTHBD,${version},${uniqueId},,${utcStamp(time)},${countNumber(count)}$`, 'latin1');
}

/** A time as the messages carry it, `YYYYMMDDHHMMSS` UTC. */
export function utcStamp(time: Date): string {
  return time.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** The count number field, four hex digits wrapping at 0xFFFF. */
export function countNumber(count: number): string {
  return (count & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}
