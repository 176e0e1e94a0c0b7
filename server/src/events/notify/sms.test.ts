import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender, isNumericPhone } from './sms';
import { memoryLogger, startSmsGateway } from './testSupport';

describe('SMS gateway sender', () => {
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  beforeAll(async () => {
    gateway = await startSmsGateway();
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('accepts digits with an optional leading + only', () => {
    expect(isNumericPhone('+244923000001')).toBe(true);
    expect(isNumericPhone('923000001')).toBe(true);
    expect(isNumericPhone(' 923000001 ')).toBe(true);
    expect(isNumericPhone('923 000 001')).toBe(false);
    expect(isNumericPhone('não definido')).toBe(false);
    expect(isNumericPhone('++244')).toBe(false);
    expect(isNumericPhone('')).toBe(false);
    expect(isNumericPhone(null)).toBe(false);
  });

  it('POSTs {to, message} as JSON to the gateway', async () => {
    const { log } = memoryLogger();
    const sender = createSmsSender(gateway.url, log);
    expect(sender.enabled).toBe(true);
    await sender.send('+244923000001', 'Alarme: SOS - Camião 12');
    expect(gateway.received).toEqual([
      {
        path: '/send',
        contentType: 'application/json',
        body: { to: '+244923000001', message: 'Alarme: SOS - Camião 12' },
      },
    ]);
  });

  it('fails on a gateway error without putting the gateway address in the error', async () => {
    const { log } = memoryLogger();
    const sender = createSmsSender(`${gateway.url}?key=s3cr3t`, log);
    gateway.answer(503);
    try {
      const error = await sender.send('923000001', 'x').then(
        () => null,
        (e: Error) => e,
      );
      expect(error?.message).toBe('SMS gateway answered 503');
      expect(gateway.received.at(-1)?.path).toBe('/send?key=s3cr3t');
    } finally {
      gateway.answer(200);
    }
  });

  it('refuses a phone that is not numeric', async () => {
    const sender = createSmsSender(gateway.url, memoryLogger().log);
    const before = gateway.received.length;
    await expect(sender.send('ligar ao chefe', 'x')).rejects.toThrow('SMS needs a numeric phone');
    expect(gateway.received.length).toBe(before);
  });

  it('logs the message when no gateway is configured', async () => {
    const { log, lines } = memoryLogger();
    const sender = createSmsSender(undefined, log);
    expect(sender.enabled).toBe(false);
    await sender.send('+244923000001', 'Entrada em zona - Camião 12');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      to: '+244923000001',
      message: 'Entrada em zona - Camião 12',
      msg: 'sms (no FROTA_SMS_URL set, not sent)',
    });
  });
});
