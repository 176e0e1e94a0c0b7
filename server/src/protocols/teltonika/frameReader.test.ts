import { describe, expect, it } from 'vitest';
import { TeltonikaFrameReader, type FrameEvent } from './frameReader';
import { encodeImeiPacket, encodeTcpFrame } from './tcpFrame';
import {
  DOC_CODEC12_GETINFO,
  DOC_CODEC16,
  DOC_CODEC8,
  DOC_CODEC8E,
  DOC_IMEI_PACKET,
  frameData,
  hex,
} from './vectors.testdata';

const frame8 = hex(DOC_CODEC8);
const frame8e = hex(DOC_CODEC8E);
const frame16 = hex(DOC_CODEC16);

const types = (events: FrameEvent[]) => events.map((e) => e.type);

function pushAll(reader: TeltonikaFrameReader, chunks: Buffer[]): FrameEvent[] {
  return chunks.flatMap((chunk) => reader.push(chunk));
}

describe('TeltonikaFrameReader', () => {
  it('reads the documented IMEI handshake', () => {
    expect(new TeltonikaFrameReader().push(hex(DOC_IMEI_PACKET))).toEqual([
      { type: 'imei', imei: '356307042441013' },
    ]);
  });

  it('reads the IMEI and frames that follow it in the same read', () => {
    const events = new TeltonikaFrameReader().push(Buffer.concat([hex(DOC_IMEI_PACKET), frame8, frame16]));
    expect(types(events)).toEqual(['imei', 'frame', 'frame']);
    expect(events[1]).toEqual({ type: 'frame', data: frameData(frame8) });
    expect(events[2]).toEqual({ type: 'frame', data: frameData(frame16) });
  });

  it('reassembles a stream delivered one byte at a time', () => {
    const stream = Buffer.concat([hex(DOC_IMEI_PACKET), frame8, Buffer.from([0xff]), frame8e, frame16]);
    const reader = new TeltonikaFrameReader();
    const events = pushAll(
      reader,
      [...stream].map((b) => Buffer.from([b])),
    );
    expect(types(events)).toEqual(['imei', 'frame', 'ping', 'frame', 'frame']);
    expect(events[3]).toEqual({ type: 'frame', data: frameData(frame8e) });
    expect(reader.buffered).toBe(0);
  });

  it('reassembles frames split at every possible point', () => {
    const stream = Buffer.concat([frame8, frame16]);
    for (let cut = 1; cut < stream.length; cut++) {
      const reader = new TeltonikaFrameReader({ expectImei: false });
      const events = pushAll(reader, [stream.subarray(0, cut), stream.subarray(cut)]);
      expect(types(events), `cut at ${cut}`).toEqual(['frame', 'frame']);
    }
  });

  it('treats FF bytes between frames as pings', () => {
    const reader = new TeltonikaFrameReader({ expectImei: false });
    expect(types(reader.push(Buffer.from([0xff, 0xff])))).toEqual(['ping', 'ping']);
  });

  it('delimits Codec 12 frames too', () => {
    const reader = new TeltonikaFrameReader({ expectImei: false });
    const [event] = reader.push(hex(DOC_CODEC12_GETINFO));
    expect(event.type).toBe('frame');
    expect(event.type === 'frame' && event.data[0]).toBe(0x0c);
  });

  it('rejects a frame with a wrong CRC and reads the next one', () => {
    const bad = Buffer.from(frame8);
    bad[bad.length - 1] ^= 0x01;
    const events = new TeltonikaFrameReader({ expectImei: false }).push(Buffer.concat([bad, frame16]));
    expect(events).toEqual([
      { type: 'rejected', reason: 'CRC mismatch' },
      { type: 'frame', data: frameData(frame16) },
    ]);
  });

  it('rejects a frame whose data was altered', () => {
    const bad = Buffer.from(frame8);
    bad[20] ^= 0x40;
    expect(new TeltonikaFrameReader({ expectImei: false }).push(bad)).toEqual([
      { type: 'rejected', reason: 'CRC mismatch' },
    ]);
  });

  it('rejects a CRC with high bytes set', () => {
    const bad = Buffer.from(frame8);
    bad[bad.length - 4] = 0x01;
    expect(types(new TeltonikaFrameReader({ expectImei: false }).push(bad))).toEqual(['rejected']);
  });

  it('rejects a frame with a valid CRC but differing record counts', () => {
    const data = Buffer.from(frameData(frame8));
    data[data.length - 1] = 2;
    expect(new TeltonikaFrameReader({ expectImei: false }).push(encodeTcpFrame(data))).toEqual([
      { type: 'rejected', reason: 'record counts differ' },
    ]);
  });

  it('gives up on a bad preamble as soon as it sees one', () => {
    const reader = new TeltonikaFrameReader({ expectImei: false });
    expect(reader.push(Buffer.from([0x00, 0x01]))).toEqual([{ type: 'fatal', reason: 'bad preamble' }]);
    expect(reader.push(frame8)).toEqual([]);
    expect(reader.buffered).toBe(0);
  });

  it.each([
    ['too small', 2],
    ['too large', 0x7fffffff],
  ])('gives up on a data length %s', (_name, length) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(length, 4);
    expect(types(new TeltonikaFrameReader({ expectImei: false }).push(header))).toEqual(['fatal']);
  });

  it('waits for the rest of a frame without emitting anything', () => {
    const reader = new TeltonikaFrameReader({ expectImei: false });
    expect(reader.push(frame8.subarray(0, 30))).toEqual([]);
    expect(reader.buffered).toBe(30);
  });

  it.each([
    ['a zero length', Buffer.from([0x00, 0x00])],
    ['a huge length', Buffer.from([0x40, 0x00])],
    ['letters', Buffer.concat([Buffer.from([0x00, 0x03]), Buffer.from('abc')])],
    ['a frame instead of an IMEI', frame8],
  ])('gives up on an IMEI packet with %s', (_name, bytes) => {
    expect(types(new TeltonikaFrameReader().push(bytes))).toEqual(['fatal']);
  });

  it('accepts IMEIs of other lengths made of digits', () => {
    expect(new TeltonikaFrameReader().push(encodeImeiPacket('12345678'))).toEqual([
      { type: 'imei', imei: '12345678' },
    ]);
  });
});
