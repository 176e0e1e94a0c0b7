import { describe, expect, it } from 'vitest';
import { decodeLogin } from './login';
import { splitPacket } from './packet';
import { packet20 } from './simulate';
import {
  TRACCAR_LOGIN_11,
  TRACCAR_LOGIN_11_SHORT_ID,
  TRACCAR_LOGIN_20_BAD_CRC,
  line,
} from './vectors.testdata';

const loginOf = (frame: Buffer) => decodeLogin(splitPacket(frame).body);

describe('decodeLogin', () => {
  it('reads a 2.0 login with its CRC', () => {
    // CRC-16/ARC of "2.0;356307042441013;NA;" computed independently: 0xCF2A
    expect(loginOf(line('#L#2.0;356307042441013;NA;CF2A'))).toEqual({
      ok: true,
      version: '2.0',
      uniqueId: '356307042441013',
      password: undefined,
    });
    expect(loginOf(packet20('L', '2.0;865209031234567;secret;'))).toMatchObject({
      ok: true,
      uniqueId: '865209031234567',
      password: 'secret',
    });
  });

  it('answers a checksum error for a 2.0 login whose CRC fails', () => {
    expect(loginOf(line(TRACCAR_LOGIN_20_BAD_CRC))).toEqual({ ok: false, error: 'checksum' });
  });

  it('reads 1.1 logins (no version, no CRC)', () => {
    expect(loginOf(line(TRACCAR_LOGIN_11))).toEqual({
      ok: true,
      version: '1.1',
      uniqueId: '123456789012345',
      password: 'test',
    });
    expect(loginOf(line(TRACCAR_LOGIN_11_SHORT_ID))).toMatchObject({ ok: true, uniqueId: '2002' });
  });

  it('refuses a login without an id', () => {
    expect(loginOf(line('#L#'))).toEqual({ ok: false, error: 'structure' });
    expect(loginOf(packet20('L', '2.0;;NA;'))).toEqual({ ok: false, error: 'structure' });
    expect(loginOf(line('#L#a;b;c;d'))).toEqual({ ok: false, error: 'structure' });
  });
});
