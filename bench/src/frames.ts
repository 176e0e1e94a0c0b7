/**
 * Codec 8 TCP frames for the load generator, built once per device and patched in place for each send
 * (timestamps, coordinates, send time, CRC) so the generator spends its CPU on sockets, not on encoding.
 */
import {
  CODEC_8,
  crc16Ibm,
  encodeAvlData,
  encodeTcpFrame,
  ioElement,
  type AvlRecord,
} from '../../server/src/protocols';

/** An 8-byte IO the server keeps raw as `io14`: the send time in microseconds, for socket latency. */
export const SEND_TIME_IO = 14;

const HEADER = 8;
/** record layout (Codec 8): timestamp u64, priority u8, longitude i32, latitude i32, ... */
const LONGITUDE_AT = 9;
const LATITUDE_AT = 13;

function record(time: number, latitude: number, longitude: number): AvlRecord {
  return {
    timestamp: time,
    priority: 0,
    longitude,
    latitude,
    altitude: 40,
    angle: 90,
    satellites: 11,
    speedKmh: 45,
    eventId: 0,
    // what an FMB920 typically sends every record
    io: [
      ioElement(239, 1, 1),
      ioElement(240, 1, 1),
      ioElement(21, 1, 4),
      ioElement(89, 1, 70),
      ioElement(24, 2, 45),
      ioElement(66, 2, 13_800),
      ioElement(67, 2, 4_100),
      ioElement(16, 4, 12_345_678),
      ioElement(78, 8, 0x5246494431303030n),
      ioElement(SEND_TIME_IO, 8, 0),
    ],
  };
}

export class FrameTemplate {
  readonly frame: Buffer;
  private readonly recordLength: number;
  private readonly dataEnd: number;

  constructor(
    readonly records: number,
    private readonly origin: { latitude: number; longitude: number },
  ) {
    const data = encodeAvlData(
      CODEC_8,
      Array.from({ length: records }, () => record(0, origin.latitude, origin.longitude)),
    );
    this.frame = encodeTcpFrame(data);
    this.recordLength = (data.length - 3) / records;
    this.dataEnd = HEADER + data.length;
  }

  /**
   * Fills the frame for records `first .. first + records - 1` of a device's track: one second and a
   * few metres apart, so the server neither drops them as duplicates nor sees them as outdated.
   */
  fill(first: number, firstTime: number, sentMicros: number): Buffer {
    const f = this.frame;
    for (let k = 0; k < this.records; k++) {
      const at = HEADER + 2 + k * this.recordLength;
      const n = first + k;
      f.writeBigUInt64BE(BigInt(firstTime + k * 1000), at);
      f.writeInt32BE(Math.round((this.origin.longitude + (n % 2000) * 1e-5) * 1e7), at + LONGITUDE_AT);
      f.writeInt32BE(Math.round(this.origin.latitude * 1e7), at + LATITUDE_AT);
      // the send-time IO is the record's last 8 bytes
      f.writeBigUInt64BE(BigInt(sentMicros), at + this.recordLength - 8);
    }
    f.writeUInt32BE(crc16Ibm(f, HEADER, this.dataEnd), this.dataEnd);
    return f;
  }
}
