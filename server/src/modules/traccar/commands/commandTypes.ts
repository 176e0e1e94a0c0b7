/**
 * The command types our protocols can carry (Traccar's `getSupportedDataCommands`/`…TextCommands`):
 * Teltonika takes Codec 12 text on its data connection — engineStop (`setdigout 1`), engineResume
 * (`setdigout 0`) and custom text; OsmAnd is one-way HTTP and takes none. Over SMS (the FROTA_SMS_URL
 * gateway) only custom text can go, as in Traccar, whose protocols here define no SMS encodings.
 */
export const COMMAND_TYPES = ['custom', 'engineStop', 'engineResume'] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

const DATA_COMMANDS: Record<string, readonly CommandType[]> = {
  teltonika: COMMAND_TYPES,
  osmand: [],
};

export const isCommandType = (type: string): type is CommandType =>
  (COMMAND_TYPES as readonly string[]).includes(type);

/**
 * Types for a protocol (null: the vehicle never reported, so only custom text, as Traccar offers); an
 * unknown protocol takes none.
 */
export function supportedTypes(
  protocol: string | null,
  textChannel: boolean,
  smsEnabled: boolean,
): CommandType[] {
  if (textChannel) return smsEnabled ? ['custom'] : [];
  if (protocol === null) return ['custom'];
  return [...(DATA_COMMANDS[protocol] ?? [])];
}
