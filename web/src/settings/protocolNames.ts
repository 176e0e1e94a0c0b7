/** The device protocols as fleets know them (the positions' `protocol`); an unknown name shows as sent. */
const PROTOCOL_NAMES: Record<string, string> = {
  teltonika: 'Teltonika',
  osmand: 'OsmAnd',
  gt06: 'GT06 / Concox',
  h02: 'H02 (Sinotrack)',
  gl200: 'Queclink @Track',
  gps103: 'Coban GPS103 / TK103',
  wialon: 'Wialon IPS',
  traccar: 'Traccar',
};

export const protocolName = (protocol: string | null | undefined): string =>
  protocol ? (PROTOCOL_NAMES[protocol] ?? protocol) : '';
