/**
 * Wialon IPS packets as trackers and platforms send them, without the line end.
 *
 * TRACCAR_*: the unit tests of Traccar's Wialon decoder (traccar/traccar,
 * src/test/java/org/traccar/protocol/WialonProtocolDecoderTest.java), captures from real devices.
 * DOC_*: the examples of the protocol document (Gurtam, "Wialon IPS" v1.1 and v2.0).
 * The 2.0 checksums noted "verifies" were checked here against CRC-16/ARC of the message text.
 */

// ---- version 2.0, with CRC16 ----

/** Login whose CRC does NOT verify (CE45; the text gives DBEB): likely edited (password removed) in the test. */
export const TRACCAR_LOGIN_20_BAD_CRC = '#L#2.0;42001300083;;CE45';
/** verifies (7A01) */
export const TRACCAR_SD_20 = '#SD#300924;154245;5554.350052;N;3644.670410;E;2.92;NA;NA;NA;7A01';
/** verifies (E7C9) */
export const TRACCAR_D_20 =
  '#D#220323;114150;2234.80479;N;11354.87786;E;0;NA;59;11;NA;NA;NA;;NA;d_battr:1:94,d_csq:1:21,di_light:1:1;E7C9';
/** verifies; the CRC written as `0x9b0` */
export const TRACCAR_D_20_NO_TIME =
  '#D#NA;NA;5429.681944502211763;N;02654.60403650999069;E;NA;NA;NA;NA;NA;NA;NA;1.0;NA;m1:1:9196679,d1:1:15397,t1:1:20,b1:1:162,fuel1:2:21588.0,pv1:2:35.98,finish:1:1;0x9b0';
/** verifies (626B); no coordinates */
export const TRACCAR_D_20_NO_FIX =
  '#D#120319;112003;NA;NA;NA;NA;0.000;NA;NA;0;NA;NA;NA;NA;NA;101_521347:1:521246,101_158:1:510,101_521055:1:510,101_521055_2.9:1:509,101_521056:1:3;626B';
/** verifies (F24A) */
export const TRACCAR_D_20_WIALON =
  '#D#101118;061143;0756.0930;N;12338.6403;E;18.223;99.766;-4.000;10;0.800;NA;NA;NA;NA;101_521347:1:521249,101_521126:1:6593598,101_521127:1:774780,101_521072_21.1:1:0,101_521072_21.2:1:71353;F24A';
/** the same with the UDP-style `version;id` prefix */
export const TRACCAR_D_20_PREFIXED = `2.0;99999999${TRACCAR_D_20_WIALON}`;

// ---- version 1.1, no CRC ----

export const TRACCAR_LOGIN_11 = '#L#123456789012345;test';
export const TRACCAR_LOGIN_11_SHORT_ID = '#L#2002;NA';
export const TRACCAR_PING = '#P#';
export const TRACCAR_SD_11 = '#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4';
export const TRACCAR_SD_11_PREFIXED = '99999999#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4';
/** an empty course */
export const TRACCAR_SD_11_EMPTY_COURSE = '#SD#021214;065947;2237.7552;N;11404.8851;E;0.000;;170.9;5';
/** the protocol document's extended data example, also in Traccar's tests */
export const DOC_D_11 =
  '#D#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4;0.0;0;0;14.77,0.02,3.6;NA;count1:1:564,fuel:2:45.8,hw:3:V4.5';
export const TRACCAR_D_11_INPUTS =
  '#D#151216;135910;5321.1466;N;04441.7929;E;87;156;265.000000;12;1.000000;241;NA;NA;NA;odo:2:0.000000,total_fuel:1:430087,can_fls:1:201,can_taho:1:11623,can_mileage:1:140367515';
export const TRACCAR_D_11_WIDE_INPUTS =
  '#D#190114;051312;4459.6956;N;04105.9930;E;35;306;204.000000;12;NA;452986639;NA;106.000000;NA;sats_gps:1:9,sats_glonass:1:3,balance:2:12123.000000,stay_balance:1:0';
export const TRACCAR_D_11_MOTION = '#D#120319;112003;NA;NA;NA;NA;0.000;NA;NA;0;NA;NA;NA;NA;NA;motion:3:false';
export const TRACCAR_D_11_BATTERY =
  '#D#NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;;NA;SOS:1:0,temp:3:18,bat:3:99';
/** two records, Cyrillic parameter names */
export const TRACCAR_B_11 =
  '#B#080914;073235;5027.50625;N;03026.19321;E;0.700;0.000;NA;4;NA;NA;NA;;NA;Батарея:3:100 %|080914;073420;5027.50845;N;03026.18854;E;1.996;292.540;NA;4;NA;NA;NA;;NA;Батарея:3:100 %';
/** latitude 5364.0167: 64 minutes, not a coordinate */
export const TRACCAR_B_11_BAD_MINUTES =
  '#B#110315;045857;5364.0167;N;06127.8262;E;0;155;965;7;2.40;4;0;14.77,0.02,3.6;AB45DF01145;';

// ---- the protocol document's answers ----

export const DOC_ANSWERS = [
  '#AL#1',
  '#AL#0',
  '#ASD#1',
  '#ASD#0',
  '#ASD#10',
  '#AD#1',
  '#AD#10',
  '#AB#3',
  '#AP#',
];

/** A line as the device sends it. */
export const line = (text: string): Buffer => Buffer.from(`${text}\r\n`, 'utf8');
