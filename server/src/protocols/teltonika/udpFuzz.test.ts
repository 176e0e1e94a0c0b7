/**
 * Fuzzing the Teltonika UDP listener. UDP has no CRC, so a mutated datagram may still be a valid one:
 * what must hold is that garbage is never acknowledged, and that every acknowledgement counts records
 * that were stored (never more, never for a packet that was not).
 */
import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLog, MemorySink, Signal, waitFor } from '../testing/memorySink';
import { prng, type Random } from '../testing/prng';
import type { IngestSink } from '../types';
import { decodeAvlData } from './avlDecoder';
import { invalidStream, validFrame } from './fuzzFrames.testdata';
import { startTeltonika, type TeltonikaListener } from './listener';
import { encodeUdpPacket } from './udp';
import { DOC_CODEC8, frameData, hex } from './vectors.testdata';

const KNOWN = ['352093086403655', '352093086403656'];
/** a device only the listener knows: its packets are the test's barriers, never stored in the sink */
const BARRIER = '352093086409999';
const BARRIER_AVL_ID = 0xab;

/** A valid AVL packet (Codec 8, 8E or 16) as a datagram of a known device. */
function validDatagram(r: Random, packetId: number): Buffer {
  for (;;) {
    const data = frameData(validFrame(r));
    if (data[0] === 0x0c) continue; // Codec 12 over UDP is not stored nor acknowledged
    return encodeUdpPacket({ packetId, avlPacketId: r.int(256), imei: r.pick(KNOWN), data });
  }
}

/** Datagrams that must never be acknowledged. */
function garbageDatagram(r: Random, packetId: number): Buffer {
  const valid = validDatagram(r, packetId);
  switch (r.int(6)) {
    case 0:
      return r.bytes(r.int(300));
    case 1:
      // cut short or padded: the length field no longer covers the datagram
      return r.next() < 0.5
        ? valid.subarray(0, r.int(valid.length))
        : Buffer.concat([valid, r.bytes(1 + r.int(16))]);
    case 2:
      return encodeUdpPacket({
        packetId,
        avlPacketId: 1,
        imei: '111111111111111',
        data: valid.subarray(8 + 15),
      });
    case 3: {
      // AVL data whose two record counts differ
      const data = Buffer.from(valid.subarray(8 + 15));
      data[data.length - 1] = (data[1] + 1 + r.int(255)) & 0xff;
      return encodeUdpPacket({ packetId, avlPacketId: 1, imei: KNOWN[0], data });
    }
    case 4:
      // broken AVL data of a known device: garbage, truncated or padded records
      return encodeUdpPacket({ packetId, avlPacketId: 1, imei: KNOWN[1], data: brokenAvl(r) });
    default: {
      // an IMEI length that is not the IMEI's: a prefix of it (unknown) or digits running into the data
      const b = Buffer.from(valid);
      b.writeUInt16BE(r.pick([1, 5, 10, 14, 16, 20]), 6);
      return b;
    }
  }
}

function brokenAvl(r: Random): Buffer {
  for (;;) {
    const stream = invalidStream(r);
    const candidate = stream.length > 12 ? frameData(stream) : r.bytes(3 + r.int(40));
    try {
      decodeAvlData(candidate);
    } catch {
      return Buffer.from(candidate);
    }
  }
}

describe('fuzzing the Teltonika UDP listener', () => {
  let sink: MemorySink;
  let listener: TeltonikaListener;
  let client: Socket;
  let acks: Buffer[];
  const arrived = new Signal();
  const barrierAcks = new Set<number>();
  let barriers = 0;

  beforeAll(async () => {
    sink = new MemorySink(KNOWN);
    // the barrier device's packets are acknowledged like any other, and kept out of the sink
    const listenerSink: IngestSink = {
      isKnownDevice: async (uniqueId) => uniqueId === BARRIER || sink.isKnownDevice(uniqueId),
      store: async (positions) => {
        if (positions[0]?.uniqueId !== BARRIER) await sink.store(positions);
      },
    };
    listener = await startTeltonika({ port: 0, host: '127.0.0.1', sink: listenerSink, log: memoryLog() });
    acks = [];
    client = createSocket('udp4');
    client.on('message', (message) => {
      const id = message.length === 7 && message[5] === BARRIER_AVL_ID ? message.readUInt16BE(2) : -1;
      if (id >= 0xff00) barrierAcks.add(id);
      else acks.push(message);
      arrived.notify();
    });
    await new Promise<void>((resolve) => client.bind(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => client.close(() => resolve()));
    await listener.close();
  });

  const send = (datagram: Buffer) =>
    new Promise<void>((resolve, reject) =>
      client.send(datagram, listener.udpPort, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
    );

  /**
   * A packet of the barrier device, and its ack. The listener reads datagrams in the order they were sent
   * (one socket each way, loopback) and sends its acks in order too: once this ack is here, it has read
   * every datagram sent before, and every ack it sent before has arrived.
   */
  const barrier = async () => {
    const packetId = 0xff00 + (barriers++ % 0x100);
    barrierAcks.delete(packetId);
    await send(
      encodeUdpPacket({
        packetId,
        avlPacketId: BARRIER_AVL_ID,
        imei: BARRIER,
        data: frameData(hex(DOC_CODEC8)),
      }),
    );
    await arrived.until(() => barrierAcks.has(packetId), 'the barrier ack');
  };

  /** Every datagram sent so far is handled, and every ack the listener sent for them has arrived. */
  const settle = async () => {
    await barrier();
    // polled: the per-device queues announce no change; once empty, every handling and its ack is done
    await waitFor(() => listener.stats().udpDevices === 0, 'the UDP queues to empty', 10_000);
    await barrier();
  };

  it('never acknowledges nor stores 3000 garbage datagrams', async () => {
    const r = prng(5150);
    for (let i = 0; i < 3000; i++) {
      await send(garbageDatagram(r, i));
      // loopback UDP drops what overflows the socket buffer: let the listener read each hundred first
      if (i % 100 === 99) await barrier();
    }
    await settle();
    expect(acks.map((a) => a.toString('hex'))).toEqual([]);
    expect(sink.storeCalls).toBe(0);
  }, 60_000);

  it('acknowledges mutated datagrams only with the count of records it stored for them', async () => {
    const r = prng(6160);
    acks.length = 0;
    const sizes: number[] = [];
    const store = sink.store.bind(sink);
    sink.store = async (positions) => {
      await store(positions);
      sizes.push(positions.length);
    };
    for (let i = 0; i < 2000; i++) {
      const datagram = Buffer.from(validDatagram(r, i));
      // mutations away from the length field (a wrong length is refused before anything else)
      for (let n = 1 + r.int(3); n > 0; n--) datagram[2 + r.int(datagram.length - 2)] ^= 1 + r.int(255);
      await send(datagram);
      if (i % 100 === 99) await barrier();
    }
    await settle();
    sink.store = store;

    for (const ack of acks) {
      expect(ack.length).toBe(7);
      expect(ack.readUInt16BE(0)).toBe(5);
      expect(ack[4]).toBe(1);
    }
    const acked = acks.map((a) => a[6]).filter((n) => n > 0);
    // every non-empty ack is one store of that many records, and nothing was stored unacknowledged
    expect(acked.sort()).toEqual([...sizes].sort());
    expect(acked.length).toBeGreaterThan(50);
    expect(acks.length).toBeLessThan(2000);
    expect(sink.stored.every((p) => KNOWN.includes(p.uniqueId))).toBe(true);
  }, 60_000);

  it('still answers a good datagram afterwards and keeps no per-device queue', async () => {
    acks.length = 0;
    await send(validDatagram(prng(1), 0xbeef));
    await arrived.until(() => acks.length === 1, 'the ack');
    expect(acks[0].readUInt16BE(2)).toBe(0xbeef);
    await settle();
    expect(listener.stats().udpDevices).toBe(0);
  });
});
