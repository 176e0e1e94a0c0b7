/**
 * GT06 frames as devices sent them, taken from the unit tests of Traccar
 * (github.com/traccar/traccar, src/test/java/org/traccar/protocol/Gt06ProtocolDecoderTest.java,
 * commit 9e5c458ad0bf44ceaddf72534bf6874787f41b6c). Only the bytes are carried over.
 */

/** Hex bytes; whitespace is ignored. */
export const hex = (text: string): Buffer => {
  const digits = text.replace(/\s+/g, '');
  if (!/^([0-9a-f]{2})*$/i.test(digits)) throw new Error(`not hex: ${digits}`);
  return Buffer.from(digits, 'hex');
};

/** 0x01 login, IMEI 123456789012345, serial 1 (also the example of the vendor's protocol document). */
export const LOGIN_DOC = '78780D01012345678901234500018CDD0D0A';
/** 0x01 login, IMEI 864717003283581, serial 9. */
export const LOGIN = '78780D01086471700328358100093F040D0A';
/** 0x01 login with type identification and time zone, IMEI 863586038760942, serial 0x010A. */
export const LOGIN_WITH_ZONE = '787811010863586038760942a0010000010aa4000d0a';

/** 0x12 GPS+LBS, 2015-10-20 14:21:11, north/east, located, serial 3. */
export const GPS_LBS_1 = '78781f120f0a140e150bc505e51e780293a9e800540000f601006e0055da00035f240d0a';
/** 0x12 GPS+LBS at 85 km/h, course 200, ignition on, serial 0x0142. */
export const GPS_LBS_1_MOVING = '78781f12110819110216d402f250340828924055d4c801944600d300c09501429c830d0a';
/** 0x12 GPS+LBS with 2 bytes after the cell block, serial 0x000F. */
export const GPS_LBS_1_PADDED =
  '787821120C010C0F151FCF027AC8840C4657EC00140001CC00287D001F720001000F53A00D0A';
/** 0x22 GPS+LBS, south/west, course 184, ACC on, upload mode 5, re-upload, serial 0x0213. */
export const GPS_LBS_2 = '787822220e0914160f07c9021a362805090a7800d8b802d402c30e00a98a0105010213f4bb0d0a';
/** 0x22 GPS+LBS, not located, ACC on, upload mode 3, re-upload, serial 6. */
export const GPS_LBS_2_UNLOCATED =
  '787822221106160a1016c60278019407c7783800040001940504700046fc01030100065f570d0a';
/** 0x10 GPS only, south/west, serial 0x0072. */
export const GPS_ONLY = '787819100e010903230ec803ae32a60653cded00180000020072feb70d0a';
/** 0x11 GPS+LBS with a 2-byte mnc and a 4-byte cell id, north/west, serial 6. */
export const GPS_LBS_6 = '78782111150b0b022c30c804b7af7808810cb0003c00012e02d075df0084890c000679950d0a';
/** 0xA0 GPS+LBS of 4G devices (4-byte lac, 8-byte cell id), not located, ACC off, serial 0x06ED. */
export const GPS_LBS_7 =
  '787829a01707150f2d0ecd01635100041e96d000087c02d4020000912e000000000718798d000e0006ed3ce50d0a';
/** 0x12 with no GPS block at all. */
export const GPS_EMPTY = '787805120099abec0d0a';
/** 0x12 whose CRC does not match its bytes (as stored in Traccar's tests). */
export const GPS_BAD_CRC = '78781F120B081D112E10CC027AC7EB0C46584900148F01CC00287D001FB8000380810D0A';

/** 0x16 alarm: overspeed (0x06), 88 km/h, ACC on, charging, level 6, signal 4, serial 0x0140. */
export const ALARM_OVERSPEED =
  '78782516110819110208d402f264dc08289a4058d4c70901944600d300c0954606040600014057e90d0a';
/** 0x16 alarm with a 4-byte cell id: SOS (0x01), level 62 %, signal 66, serial 0x035F. */
export const ALARM_SOS =
  '787826161709130f3a2dcc02c55f2a089f9af9005c210901360481fe066d9b03413e420102035f92fe0d0a';
/** 0x26 alarm: tampering (0x0C), not located, ACC on, serial 7. */
export const ALARM_TAMPERING =
  '78782526160913063918c002780fab0c44750f00040008027f14084c0038420600030c020007398e0d0a';

/** 0x13 heartbeat: terminal info 0x44 (charging, GPS on), level 6, signal 4, serial 0x01BA. */
export const HEARTBEAT = '78780a13440604000201baaf540d0a';
/** 0x13 heartbeat: terminal info 0xC4 (fuel cut, charging, GPS on), serial 0x0129. */
export const HEARTBEAT_BLOCKED = '78780a13c40604000201298f5b0d0a';

/** 0x15 answer to the fuel cut command, serial 0x013B. */
export const ANSWER_CUT =
  '78782d152500000000437574206f666620746865206675656c20737570706c793a2053756363657373210002013b898a0d0a';
/** 0x15 answer to the fuel restore command, serial 0x0140. */
export const ANSWER_RESTORE =
  '787829152100000000526573746f7265206675656c20737570706c793a2053756363657373210002014077ce0d0a';
/** 0x15 answer whose command length byte is 0, the text padded with zeros, serial 9. */
export const ANSWER_UNSIZED =
  '7878661500000000004459443d5375636365737321000000000000000000000000000000000000000000000000000000' +
  '000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000' +
  '00000000010009e82b0d0a';
/** 0x21 answer in an extended frame, ASCII. */
export const ANSWER_EXTENDED =
  '7979007121000000000143757272656e7420706f736974696f6e214c61743a4e35342e3733393333322c4c6f6e3a45' +
  '32352e3237333237302c436f757273653a3132362e35332c53706565643a302e303030302c4461746554696d653a32' +
  '3031372d30352d3236202031303a32373a3437000bbee30d0a';
/** 0x94 information frame (extended). */
export const INFO_EXTENDED = '797900089400000002e852d70d0a';
