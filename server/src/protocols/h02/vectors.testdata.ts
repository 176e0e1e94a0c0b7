/**
 * Frames as H02 devices send them, from the unit tests of Traccar (github.com/traccar/traccar,
 * src/test/java/org/traccar/protocol/H02ProtocolDecoderTest.java and H02FrameDecoderTest.java).
 * Only the frames are taken; the values the tests expect were worked out by hand from the layout.
 */

/** V1 with N/W, the status FFFFFBFF (no alarm, ignition off); a 5-field tail of cell data. */
export const TEXT_V1_WEST =
  '*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#';
/** V8 whose longitude has no degree digits (38.6508 minutes west). */
export const TEXT_V8_NO_DEGREES =
  '*HQ,9001000002,V8,213945,A,3542.2043,N,38.6508,W,0.00,170,221025,FBFFF9FF,0,0,0,0,22,31,126,0#';
/** Coordinates without a point: ddmm + four digits of the minutes' fraction. */
export const TEXT_V1_NO_POINT =
  '*HQ,5905101893,V1,105759,A,37573392,S,145037022,E,000.00,173,280122,FF7FFBFF,,,9059e2c,8232,4#';
/** Coordinates as -degrees-minutes; status FFFFFFFF (ignition on). */
export const TEXT_V1_DASHED =
  '*HQ,1451316409,V1,030149,A,-23-29.0095,S,-46-51.5852,W,2.4,065,070315,FFFFFFFF#';
/** An empty validity field: not valid. */
export const TEXT_V1_NO_VALIDITY =
  '*HQ,355488020119695,V1,050418,,2827.61232,N,07703.84822,E,0.00,0,031015,FFFEFBFF#';
/** Status FFFBFFFF: bit 18 cleared, SOS as Traccar reads it; speed 57.78 knots. */
export const TEXT_V1_SOS =
  '*HQ,353588020068342,V1,084436,A,3257.01525,N,00655.03865,W,57.78,40,011216,FFFBFFFF,25c,a, 154,b04c#';
/** Status EFE7F9FF: bit 19 cleared, external power cut. */
export const TEXT_V1_POWER_CUT =
  '*HQ,4210209006,V1,201812,A,2608.9437,N,08016.2521,W,000.80,000,150317,EFE7F9FF,310,260,0,0,6#';
/** The extended tail: odometer 69129336, temperature 0, fuel 100.0, altitude 18, LAC, CID. */
export const TEXT_V1_EXTENDED =
  '*HQ,2130510938,V1,012632,A,0520.0663,N,10028.6324,E,0.286,023,100317,FFFFDFFF,69129336,0,100.0,18,5141,5A20#';
/** A battery field (4) between the course and the date. */
export const TEXT_V1_BATTERY_FIELD =
  '*HQ,4210209006,V1,054048,A,2828.2297,N,07733.4332,E,000.5,047,4,080918,EEE7FBDF,4261193,0#';
/** V19: three SIM fields between the date and the status. */
export const TEXT_V19 =
  '*HQ,4209951296,V19,214452,A,5201.0178,N,01830.5029,E,000.00,000,200417,,195.63.13.195,89480610500392633029,BFFFFBFF#';
/** A device's answer to S20 (engine stop), sent at 13:03:05, with its fix. */
export const TEXT_V4_S20_DONE =
  '*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#';
/** VP1: a date and no time of day, lower-case maker. */
export const TEXT_VP1 = '*hq,356327080425330,VP1,A,2702.7245,S,15251.9311,E,0.48,0.0000,080917#';
/** The line end some devices add after the frame. */
export const TEXT_V1_CRLF =
  '*TH,2020916012,V1,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#\r\n';
/** No fix yet: empty coordinates (no position, not answered). */
export const TEXT_V1_EMPTY = '*HQ,353505510948929,V1,,V,,N,,E,0.00,0,,FFFFF7FF,f0,a,11a0,c0c6#';
/** No fix yet: zero coordinates and hemisphere fields. */
export const TEXT_V1_ZERO =
  '*HQ,353588020068342,V1,000000,V,0.0000,0,0.0000,0,0.00,0.00,000000,ffffffff,000106,000002,000203,004c87,16#';
export const TEXT_HTBT = '*HQ,135790246811220,HTBT,100#';
export const TEXT_HTBT_BARE = '*HQ,135790246811220,HTBT#';
export const TEXT_XT = '*HQ,356327080425330,XT,1,100#';
export const TEXT_NBR =
  '*HQ,4109179024,NBR,103732,722,310,0,6,8106,32010,23,8101,22007,25,8106,12010,23,8106,22105,22,8101,22012,16,8106,42010,5,100217,FFFFFBFF,5#';
export const TEXT_LINK = '*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#';
export const TEXT_V3 =
  '*HQ,353111080001055,V3,044855,28403,01,001450,011473,158,-62,0292,0,X,030817,FFFFFBFF#';
export const TEXT_SMS =
  '*HQ,5226073533,SMS,ST906(70SACD)_TQ_V_2.0 2024/06/07\nID:5226073533\nIP:1.2.3.4 5013\nUT:30,30,300\nVOLT:12.9V\nAPN:internet.example.com\nGPS:A-24-23\nGSM:26#';

/** 32 bytes: id 4106011660, 2016-11-13 12:45:43, 50°35.3130' N 4°31.8210' E, battery byte 6. */
export const BINARY_32 = '2441060116601245431311165035313006004318210e000000fffffbffff0024';
/** 32 bytes, flags nibble C: north, east, not valid; 14 knots, course 28. */
export const BINARY_32_INVALID = '2410307310010503162209022212874500113466574C014028fffffbffff0000';
/** 45 bytes: id 4106000826, 2015-08-31 21:53:21, 4°41.9390' N 74°04.1830' W. */
export const BINARY_45 =
  '24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f';
/** 42 bytes: 8-byte id (IMEI 352483084193293), 24 knots, course 138. */
export const BINARY_42 =
  '2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC';
/** 46 bytes. */
export const BINARY_46 =
  '2421305109380127171003170520046500100286297e003085ffffdfffff03440069129344006400001151415a20';
/** 48 bytes: 33°33.5008' N 7°32.0697' W. */
export const BINARY_48 =
  '24971305007205201916101533335008000073206976000000effffbffff000252776566060000000000000000000049';
/** An `X` frame (from the frame decoder's test), sent beside the `$` frame of the same fix. */
export const X_FRAME = '5800009814991024031101175540227006012321670c000095fffffbffff0033';
