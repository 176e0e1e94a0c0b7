import { formatFullTime, formatHhmmss } from './time';

/**
 * What the server writes to H02 devices. A `V1` position and an `NBR` report are confirmed with a `V4`
 * frame naming them and the server's time; a heartbeat (`HTBT`, `V0`) is echoed; nothing else is
 * answered. Answers always use the `HQ` maker.
 */
export const confirmation = (uniqueId: string, type: 'V1' | 'NBR', now: Date): Buffer =>
  Buffer.from(`*HQ,${uniqueId},V4,${type},${formatFullTime(now)}#`, 'latin1');

/** Named commands: the H02 command and its parameters. */
const NAMED: Record<string, string[]> = {
  engineStop: ['S20', '1', '1'],
  engineResume: ['S20', '1', '0'],
  alarmArm: ['SCF', '0', '0'],
  alarmDisarm: ['SCF', '1', '1'],
  // the texts the command dispatch sends today for engineStop / engineResume (Teltonika's wording)
  'setdigout 1': ['S20', '1', '1'],
  'setdigout 0': ['S20', '1', '0'],
};

/**
 * A command as the device reads it: `*HQ,<id>,<command>,<hhmmss>[,<parameters>]#`. `text` is a name
 * above, a whole frame starting with `*` (sent as is), or `COMMAND[,parameters]` (`S71,22,30`).
 */
export function commandFrame(uniqueId: string, text: string, now: Date): Buffer {
  const trimmed = text.trim();
  if (trimmed.startsWith('*')) {
    if (!trimmed.endsWith('#')) throw new Error('an H02 frame ends with #');
    return Buffer.from(trimmed, 'latin1');
  }
  const [command, ...parameters] = NAMED[trimmed] ?? trimmed.split(',').map((part) => part.trim());
  if (!/^[A-Za-z0-9]+$/.test(command) || parameters.some((p) => /[#*]/.test(p)))
    throw new Error(`not an H02 command: ${text}`);
  const tail = parameters.map((p) => `,${p}`).join('');
  return Buffer.from(`*HQ,${uniqueId},${command},${formatHhmmss(now)}${tail}#`, 'latin1');
}
