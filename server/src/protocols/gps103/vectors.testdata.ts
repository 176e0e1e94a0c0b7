/**
 * Frames as GPS103 / TK103 devices send them, from Traccar's decoder tests: repository traccar/traccar,
 * file src/test/java/org/traccar/protocol/Gps103ProtocolDecoderTest.java (commit 9e5c458a). Traccar's
 * tests hold them after framing, most without their `;`; `onWire` puts one back.
 */

export const LOGIN = '##,imei:359586015829802,A';
export const HEARTBEAT = '359586015829802';

/** The brief's example report (Hong Kong, local UTC+8). */
export const TRACKER =
  'imei:359587010124900,tracker,0809231929,13554900601,F,112909.397,A,2234.4669,N,11354.3287,E,0.11,321.53,';
/** Local date and UTC time on the same day (Lithuania, UTC+8 clock). */
export const SAME_DAY =
  'imei:359710045559474,tracker,151030080103,,F,000101.000,A,5443.3834,N,02512.9071,E,0.00,0;';
/** The local clock is already on the next day: the fix is on the day before. */
export const DAY_BEFORE =
  'imei:359710049092324,tracker,151027025958,,F,235957.000,A,2429.5156,N,04424.5828,E,0.01,27.91,,0,0,,,;';
/** Local minutes one behind the UTC ones (an offset of 2 h 59 min). */
export const MINUTE_SKEW =
  'imei:865328021058861,tracker,151027041419,,F,011531.000,A,6020.2979,N,02506.1940,E,0.49,113.30,,0,0,0.0%,,;';
/** Southern and western hemispheres, local clock behind UTC. */
export const SOUTH_WEST =
  'imei:353451047570260,tracker,1302110948,,F,144807.000,A,0805.6615,S,07859.9763,W,0.00,,';
/** The `yy/mm/dd hh:mm` local date form. */
export const SLASHED_DATE =
  'imei:359710040656622,tracker,13/02/27 23:40,,F,125952.000,A,3450.9430,S,13828.6753,E,0.00,0';
/** The local clock reads 02:29 for an 18:29 UTC fix: the zone wraps around midnight. */
export const WRAPPED_ZONE =
  'imei:359710049090138,tracker,160629022948,,F,182949.000,A,4043.8839,N,11328.8029,W,65.26,271.82,,1,0,31.37%,51442,;';
/** Hemisphere letters before the numbers, a UTC time field of `0.0`. */
export const HEMISPHERE_FIRST =
  'imei:353552045403597,tracker,150420050648,53.0,F,0.0,A,N,5306.64155,E,00700.77848,0.0,,1.0,;';
/** An empty longitude hemisphere. */
export const NO_LON_HEMISPHERE =
  'imei:012497000208821,tracker,1301072224,,F,142411.077,A,2227.0739,S,06855.2912,,0,0,';
/** Five minute decimals, a longitude without leading zero, an altitude. */
export const FIVE_DECIMALS =
  'imei:869039001186913,tracker,1308282156,0,F,215630.000,A,5602.11015,N,9246.30767,E,1.4,,175.9,';
/** Empty keyword, frame terminated right after the course. */
export const EMPTY_KEYWORD =
  'imei:864035052942928,,241214083746,100%,F,123746.000,A,1012.63368,N,06757.59559,W,0.00,340.61;';
/** A UTC time without fraction. */
export const NO_FRACTION =
  'imei:864035050002451,tracker,201223064947,,F,064947,A,1935.70640,N,09859.94436,W,0.025,;';
/** Altitude, ignition, door, two fuel levels, temperature. */
export const ALL_EXTRAS =
  'imei:353451044508750,001,0809231929,13554900601,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,30.1,65.43,1,0,10.5%,0.0%,28;';
/** A heartbeat and a report in one frame. */
export const HEARTBEAT_PREFIXED =
  '359769031878322imei:359769031878322,tracker,1602160718,2,F,221811.000,A,1655.2193,S,14546.6722,E,0.00,,';
/** The alternative layout (decimal degrees, km/h, UTC date), ending in `*`. */
export const ALTERNATIVE =
  'imei:861359038609986,Equipo 1,---,------,----,214734,241018,26,1,-33.42317,-70.61930,067,229,0674,1.00,08,0,1,---,*';

export const SOS =
  'imei:359586015829802,help me,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,';
export const LOW_BATTERY =
  'imei:359586015829802,low battery,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,';
export const STOCKADE =
  'imei:359586015829802,stockade,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,';
export const MOVE =
  'imei:359586015829802,move,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,';
export const OVERSPEED =
  'imei:359586015829802,speed,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,';
export const AC_ALARM =
  'imei:862106021237716,ac alarm,1611291645,,F,204457.000,A,1010.2783,N,06441.0274,W,0.00,,;';
export const ACC_ON =
  'imei:864180036029895,acc on,180508145653,,F,065645.000,A,4729.1497,N,01904.2342,E,0.00,0,,1,,0.00%,,;';
export const ACC_OFF =
  'imei:865328023776874,acc off,150619152221,,F,072218.000,A,5439.8489,N,02518.5945,E,0.00,,,1,1,0.0,0.0,23.0,;';
export const ACC_ALARM =
  'imei:359710041641581,acc alarm,1402231159,,F,065907.000,A,2456.2591,N,06708.8335,E,7.53,76.10,,1,0,0.03%,,';
export const TEMPERATURE =
  'imei:868683026321020,T:+11,181217080050,,F,080047.000,A,3227.3057,N,11649.4754,W,0.00,0,,0,0,0.00%,,+11;';
export const OIL =
  'imei:353451044508750,oil 51.67,0809231929,,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,,;';
export const DTC =
  'imei:353451044508750,DTC,0809231929,,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,30.1,,1,0,10.5%,P0021,;';
export const RFID =
  'imei:868683020235846,rfid,160202091347,49121185,F,011344.000,A,0447.7273,N,07538.9934,W,0.00,0,,0,0,0.00%,,';

/** Reports without GPS (`L`), some with the cell's LAC and CID. */
export const NO_GPS = 'imei:359586015829802,tracker,000000000,13554900601,L,;';
export const VIBRATION_NO_GPS = 'imei:865456055519122,sensor alarm,2208011920,,L,;';
export const SOS_NO_GPS = 'imei:359710049075097,help me,,,L,,,113b,,558f,,,,,0,0,,,';
export const OBD = 'imei:868683027758113,OBD,180905200218,,,,0,0,0.39%,70,9.41%,494,0.00,P0137,P0430,,;';

/** Every report above that carries a fix (for whole-set checks). */
export const FIX_REPORTS = [
  TRACKER,
  SAME_DAY,
  DAY_BEFORE,
  MINUTE_SKEW,
  SOUTH_WEST,
  SLASHED_DATE,
  WRAPPED_ZONE,
  HEMISPHERE_FIRST,
  NO_LON_HEMISPHERE,
  FIVE_DECIMALS,
  EMPTY_KEYWORD,
  NO_FRACTION,
  ALL_EXTRAS,
  HEARTBEAT_PREFIXED,
  ALTERNATIVE,
  SOS,
  LOW_BATTERY,
  STOCKADE,
  MOVE,
  OVERSPEED,
  AC_ALARM,
  ACC_ON,
  ACC_OFF,
  ACC_ALARM,
  TEMPERATURE,
  OIL,
  DTC,
  RFID,
];

/** A frame as it travels: with its `;` (the alternative layout keeps its `*`). */
export const onWire = (text: string): Buffer =>
  Buffer.from(text.endsWith(';') || text.endsWith('*') ? text : `${text};`, 'latin1');
