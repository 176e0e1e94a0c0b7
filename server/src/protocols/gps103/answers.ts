/** What the server writes to a GPS103 device. Devices expect LOAD and ON bare, without a terminator. */

/** The answer to a login (`##,imei:<imei>,A;`). */
export const LOAD = Buffer.from('LOAD', 'latin1');

/** The answer to a heartbeat (the IMEI alone). */
export const ON = Buffer.from('ON', 'latin1');

/** A command to the device: `**,imei:<imei>,<code>;`. */
export const deviceCommand = (imei: string, code: string): Buffer =>
  Buffer.from(`**,imei:${imei},${code};`, 'latin1');

/** Acknowledges an SOS (`help me`) so the device stops repeating it. */
export const sosAck = (imei: string): Buffer => deviceCommand(imei, 'E');

/**
 * Command texts the product sends for engine stop/resume, to GPS103's relay codes: the type names and
 * the Teltonika texts the command routes produce today (processing/commandDelivery.ts).
 */
const ENGINE: Record<string, string> = {
  engineStop: 'J',
  engineResume: 'K',
  'setdigout 1': 'J',
  'setdigout 0': 'K',
};

/**
 * A saved command's text as the device reads it: engine stop/resume become `J`/`K`; a full command
 * (`**,imei:...`) is sent as written; anything else is the code after the IMEI (`B`, `C,30s`, `H,080`).
 */
export function encodeCommandText(text: string, imei: string | undefined): Buffer {
  const trimmed = text.trim();
  if (trimmed.startsWith('**,'))
    return Buffer.from(trimmed.endsWith(';') ? trimmed : `${trimmed};`, 'latin1');
  if (imei === undefined) throw new Error('GPS103 device has not identified itself');
  const code = ENGINE[trimmed] ?? trimmed.replace(/;$/, '');
  if (!code) throw new Error('empty GPS103 command');
  return deviceCommand(imei, code);
}
