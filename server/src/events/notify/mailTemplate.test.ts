import { describe, expect, it } from 'vitest';
import type { EventContext } from '../../processing/types';
import { eventTitle, formatDateTime, mapLink, userTimezone } from './eventText';
import { escapeHtml, renderEventMail } from './mailTemplate';
import { renderEventSms } from './sms';

const TIME = Date.parse('2024-01-15T23:30:05Z');

function context(type: string, attributes: Record<string, unknown> = {}): EventContext {
  return {
    event: {
      id: 7,
      type,
      eventTime: TIME,
      deviceId: 3,
      positionId: 9,
      geofenceId: null,
      attributes,
    },
    device: {
      id: 3,
      name: 'Camião 12',
      uniqueId: '350000000000003',
      attributes: { license_plate: 'LD-12-34-AB' },
    },
    position: {
      latitude: -8.8383,
      longitude: 13.2344,
      speed: 50,
      fixTime: TIME,
      address: 'Rua Rainha Ginga, Luanda',
      attributes: {},
    },
    geofence: null,
  };
}

describe('event titles in Portuguese', () => {
  it('translates event types and alarms', () => {
    const title = (type: string, alarm?: string) => eventTitle({ type, attributes: alarm ? { alarm } : {} });
    expect(title('deviceOverspeed')).toBe('Excesso de velocidade');
    expect(title('geofenceEnter')).toBe('Entrada em zona');
    expect(title('geofenceExit')).toBe('Saída de zona');
    expect(title('deviceFuelDrop')).toBe('Queda de combustível');
    expect(title('ignitionOn')).toBe('Ignição ligada');
    expect(title('ignitionOff')).toBe('Ignição desligada');
    expect(title('deviceOnline')).toBe('Viatura online');
    expect(title('deviceOffline')).toBe('Viatura offline');
    expect(title('driverChanged')).toBe('Mudança de condutor');
    expect(title('blockRequest')).toBe('Pedido de imobilização');
    expect(title('unBlockRequest')).toBe('Pedido de desimobilização');
    expect(title('alarm', 'sos')).toBe('Alarme: SOS');
    expect(title('alarm', 'lowBattery')).toBe('Alarme: Bateria fraca');
    expect(title('alarm', 'hardAcceleration')).toBe('Alarme: Aceleração brusca');
    expect(title('alarm', 'hardBraking')).toBe('Alarme: Travagem brusca');
    expect(title('alarm', 'hardCornering')).toBe('Alarme: Curva brusca');
    expect(title('alarm', 'tampering')).toBe('Alarme: Adulteração');
    expect(title('alarm', 'malfunction')).toBe('Alarme: Avaria');
    expect(title('alarm', 'sos,powerCut')).toBe('Alarme: SOS, Corte de alimentação');
    expect(title('alarmhardBraking')).toBe('Alarme: Travagem brusca');
    expect(title('alarm')).toBe('Alarme');
    expect(title('somethingNew')).toBe('somethingNew');
  });
});

describe('times, zones and links', () => {
  it('formats DD/MM/YYYY HH:mm:ss in the timezone', () => {
    expect(formatDateTime(TIME, 'Africa/Luanda')).toBe('16/01/2024 00:30:05');
    expect(formatDateTime(TIME, 'Europe/Lisbon')).toBe('15/01/2024 23:30:05');
    expect(formatDateTime(Date.parse('2024-07-01T10:00:00Z'), 'Europe/Lisbon')).toBe('01/07/2024 11:00:00');
    expect(formatDateTime(TIME, 'Atlantic/Cape_Verde')).toBe('15/01/2024 22:30:05');
  });

  it('uses the user timezone, Africa/Luanda when unset or unknown', () => {
    expect(userTimezone({ timezone: 'Africa/Maputo' })).toBe('Africa/Maputo');
    expect(userTimezone({})).toBe('Africa/Luanda');
    expect(userTimezone({ timezone: 'Mars/Olympus' })).toBe('Africa/Luanda');
    expect(userTimezone(undefined)).toBe('Africa/Luanda');
  });

  it('links to the position on OpenStreetMap', () => {
    expect(mapLink(-8.8383, 13.2344)).toBe(
      'https://www.openstreetmap.org/?mlat=-8.838300&mlon=13.234400#map=16/-8.838300/13.234400',
    );
  });
});

describe('alert e-mail', () => {
  it('describes an overspeed with plate, local time, speed, limit, address and map link', () => {
    const mail = renderEventMail(context('deviceOverspeed', { speed: 60, speedLimit: 43.2 }), {
      userAttributes: { timezone: 'Europe/Lisbon' },
      description: 'Limite urbano',
    });
    expect(mail.subject).toBe('Excesso de velocidade - Camião 12 (LD-12-34-AB)');
    const lines = mail.text.split('\n');
    expect(lines).toContain('Alerta: Excesso de velocidade');
    expect(lines).toContain('Descrição: Limite urbano');
    expect(lines).toContain('Viatura: Camião 12');
    expect(lines).toContain('Matrícula: LD-12-34-AB');
    expect(lines).toContain('Data/hora: 15/01/2024 23:30:05 (Europe/Lisbon)');
    expect(lines).toContain('Velocidade: 111 km/h');
    expect(lines).toContain('Limite de velocidade: 80 km/h');
    expect(lines).toContain('Morada: Rua Rainha Ginga, Luanda');
    expect(lines).toContain(
      'Ver no mapa: https://www.openstreetmap.org/?mlat=-8.838300&mlon=13.234400#map=16/-8.838300/13.234400',
    );
    expect(mail.html).toContain('<h2 style="margin:0 0 12px">Excesso de velocidade</h2>');
    expect(mail.html).toContain('LD-12-34-AB');
    expect(mail.html).toContain(
      '<a href="https://www.openstreetmap.org/?mlat=-8.838300&amp;mlon=13.234400#map=16/-8.838300/13.234400">Ver no mapa</a>',
    );
  });

  it('names the zone of a zone event and uses the position speed, in Luanda time by default', () => {
    const ctx = { ...context('geofenceEnter'), geofence: { id: 4, name: 'Porto de Luanda' } };
    const mail = renderEventMail(ctx);
    expect(mail.subject).toBe('Entrada em zona - Camião 12 (LD-12-34-AB)');
    expect(mail.text).toContain('Zona: Porto de Luanda');
    expect(mail.text).toContain('Velocidade: 93 km/h');
    expect(mail.text).toContain('Data/hora: 16/01/2024 00:30:05 (Africa/Luanda)');
    expect(mail.text).not.toContain('Limite de velocidade');
    expect(mail.html).toContain(
      '<td style="padding:4px 8px;border-bottom:1px solid #ddd">Porto de Luanda</td>',
    );
  });

  it('escapes HTML from names, addresses and descriptions', () => {
    expect(escapeHtml(`<b>"A&B's"</b>`)).toBe('&lt;b&gt;&quot;A&amp;B&#39;s&quot;&lt;/b&gt;');
    const ctx = context('alarm', { alarm: 'sos' });
    ctx.device = { ...ctx.device, name: '<script>alert(1)</script>' };
    ctx.position = { ...ctx.position!, address: 'Rua A & B <1>' };
    const mail = renderEventMail(ctx, { description: '"x"\n<img>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Rua A &amp; B &lt;1&gt;');
    expect(mail.subject).toBe('Alarme: SOS - <script>alert(1)</script> (LD-12-34-AB)');
    expect(mail.text).toContain('Viatura: <script>alert(1)</script>');
  });

  it('keeps the subject on one line and leaves out a missing plate and position', () => {
    const ctx = context('ignitionOn');
    ctx.device = { ...ctx.device, name: 'Carro\r\nBcc: x@y.z', attributes: {} };
    ctx.position = null;
    const mail = renderEventMail(ctx);
    expect(mail.subject).toBe('Ignição ligada - Carro Bcc: x@y.z');
    expect(mail.text).not.toContain('Matrícula');
    expect(mail.text).not.toContain('Ver no mapa');
    expect(mail.text).not.toContain('Velocidade');
  });
});

describe('alert SMS text', () => {
  it('is one line with title, vehicle, plate, local time, speed, zone and link', () => {
    const ctx = { ...context('geofenceExit'), geofence: { id: 4, name: 'Porto' } };
    expect(renderEventSms(ctx, { timezone: 'Africa/Maputo' })).toBe(
      'Saída de zona: Camião 12 (LD-12-34-AB) - 16/01/2024 01:30:05 - 93 km/h - Zona Porto - ' +
        'https://www.openstreetmap.org/?mlat=-8.838300&mlon=13.234400#map=16/-8.838300/13.234400',
    );
  });
});
