import { describe, expect, it } from 'vitest';
import { ProtocolDecodeError } from '../framed/codec';
import { decodeGl200 } from './decoder';
import * as V from './vectors.testdata';

const messages = (Object.values(V) as unknown[]).filter((v): v is string => typeof v === 'string');

/** Decodes, accepting only a result or a ProtocolDecodeError (any other throw is a decoder bug). */
function decodeOrReject(bytes: Buffer): void {
  try {
    const { positions } = decodeGl200(bytes);
    for (const p of positions) {
      expect(Number.isFinite(p.latitude) && Math.abs(p.latitude) <= 90).toBe(true);
      expect(Number.isFinite(p.longitude) && Math.abs(p.longitude) <= 180).toBe(true);
      expect(Number.isNaN(p.fixTime.getTime())).toBe(false);
      expect(Number.isNaN(p.deviceTime.getTime())).toBe(false);
      expect(Number.isFinite(p.speed)).toBe(true);
    }
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolDecodeError);
  }
}

describe('gl200 decoder robustness', () => {
  it('survives every truncation of the real messages', () => {
    for (const message of messages) {
      for (let n = 0; n <= message.length; n++) decodeOrReject(V.wire(message.slice(0, n)));
    }
  });

  it('survives every field of the real messages emptied or replaced by junk', () => {
    for (const message of messages) {
      const fields = message.replace(/\$$/, '').split(',');
      for (let i = 0; i < fields.length; i++) {
        for (const junk of ['', 'x', '-1', '99999999999999', '1.000000', 'FFFFFF']) {
          const changed = [...fields];
          changed[i] = junk;
          decodeOrReject(V.wire(changed.join(',')));
        }
      }
    }
  });
});

describe('gl200 decoder guards', () => {
  it('takes no satellite count from a field that cannot be one (Bolt4G, mask 31 followed by -1)', () => {
    const bolt =
      '+RESP:GTFRI,423031,355154083021002,Bolt4G,0,0,0,0,1,1.0,0.2,0,245.3,-85.630193,42.975280,20190729185934,310,410,500b,B0E320F,31,-1,100,20190729185934,0010$';
    const [p] = decodeGl200(Buffer.from(bolt)).positions;
    expect(p).toMatchObject({ latitude: 42.97528, longitude: -85.630193, altitude: 245.3 });
    expect(p.attributes.sat).toBeUndefined();
    expect(p.attributes.batteryLevel).toBe(100);
  });

  it('reads no fuel level from GTERI accessory data after the status', () => {
    const eri =
      '+RESP:GTERI,250C02,868789023691057,,00000019,,10,1,1,0.0,196,2258.0,-99.201807,19.559242,20180214002957,0334,0003,235B,7F8D,00,6786.7,,,,100,110000,1,0394,1,4,100.0,100.0,20180214003006,C72B$';
    const [p] = decodeGl200(Buffer.from(eri)).positions;
    expect(p.attributes).toMatchObject({ odometer: 6_786_700, batteryLevel: 100, ignition: false });
    expect(p.attributes.fuel).toBeUndefined();
  });
});
