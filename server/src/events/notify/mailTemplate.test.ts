import { describe, expect, it } from 'vitest';
import type { EventContext } from '../../processing/types';
import { eventTitle, formatDateTime, localAddress, mapLink, readerOf, userTimezone } from './eventText';
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
    expect(title('constructor')).toBe('constructor');
  });
});

describe('event titles in the reader’s language, in the web’s words', () => {
  it('translates event types and alarms to English and Arabic', () => {
    const title = (language: 'en' | 'ar', type: string, alarm?: string) =>
      eventTitle({ type, attributes: alarm ? { alarm } : {} }, language);
    expect(title('en', 'deviceOverspeed')).toBe('Overspeed');
    expect(title('en', 'geofenceExit')).toBe('Zone exit');
    expect(title('en', 'deviceOnline')).toBe('Online');
    expect(title('en', 'blockRequest')).toBe('Block request');
    expect(title('en', 'alarm', 'sos,powerCut')).toBe('Alarm: SOS, Power cut');
    expect(title('en', 'alarmhardBraking')).toBe('Alarm: Harsh braking');
    expect(title('en', 'alarm')).toBe('Alarm');
    expect(title('en', 'alarm', 'doorOpen')).toBe('Alarm: doorOpen');
    expect(title('ar', 'geofenceEnter')).toBe('دخول منطقة');
    expect(title('ar', 'alarm', 'sos')).toBe('إنذار: استغاثة');
    expect(title('ar', 'somethingNew')).toBe('somethingNew');
    expect(eventTitle({ type: 'alarm', attributes: { alarm: 'lowBattery' } }, 'fr')).toBe(
      'Alarme : Batterie faible',
    );
  });

  it('reads the language from the user attributes, Portuguese when missing or unknown', () => {
    expect(readerOf({ language: 'en', timezone: 'Europe/Lisbon' })).toEqual({
      language: 'en',
      timeZone: 'Europe/Lisbon',
    });
    expect(readerOf({ language: 'ar_SA' }).language).toBe('ar');
    expect(readerOf({ language: 'xx' }).language).toBe('pt');
    expect(readerOf(undefined)).toEqual({ language: 'pt', timeZone: 'Africa/Luanda' });
  });

  it('writes the offline geocoder’s directions in the reader’s language', () => {
    const stored = '4 km NO de Estalagem, Viana, AO';
    expect(localAddress(stored, 'pt')).toBe(stored);
    expect(localAddress(stored, 'en')).toBe('4 km NW of Estalagem, Viana, AO');
    expect(localAddress('12 km O de Viana', 'es')).toBe('12 km O de Viana');
    expect(localAddress('3 km SO de Viana', 'ar')).toBe('3 كم جنوب غرب Viana');
    expect(localAddress('Rua Rainha Ginga, Luanda', 'en')).toBe('Rua Rainha Ginga, Luanda');
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

describe('alert e-mail in the recipient’s language', () => {
  const LINK = 'https://www.openstreetmap.org/?mlat=-8.838300&mlon=13.234400#map=16/-8.838300/13.234400';
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const overspeed = (language?: string) => {
    const ctx = context('deviceOverspeed', { speed: 60, speedLimit: 43.2 });
    ctx.position = { ...ctx.position!, address: '4 km NO de Estalagem, Viana, AO' };
    return renderEventMail(
      { ...ctx, geofence: { id: 4, name: 'Porto de Luanda' } },
      { userAttributes: { timezone: 'Europe/Lisbon', language }, description: 'Limite urbano' },
    );
  };

  it('keeps Portuguese as it was, the stored address too', () => {
    for (const language of [undefined, 'pt', 'de']) {
      const mail = overspeed(language);
      expect(mail.subject).toBe('Excesso de velocidade - Camião 12 (LD-12-34-AB)');
      expect(mail.text).toBe(
        [
          'Alerta: Excesso de velocidade',
          'Descrição: Limite urbano',
          'Viatura: Camião 12',
          'Matrícula: LD-12-34-AB',
          'Data/hora: 15/01/2024 23:30:05 (Europe/Lisbon)',
          'Velocidade: 111 km/h',
          'Limite de velocidade: 80 km/h',
          'Zona: Porto de Luanda',
          'Morada: 4 km NO de Estalagem, Viana, AO',
          `Ver no mapa: ${LINK}`,
          '',
          'Mensagem automática da plataforma Frota.',
        ].join('\n'),
      );
      expect(mail.html).toContain('<!DOCTYPE html><html lang="pt"><body');
      expect(mail.html).toContain(`<tr><th align="left" ${cell}>Morada</th>`);
      expect(mail.html).toContain('>Ver no mapa</a></p>');
      expect(mail.html).toContain(
        '<p style="color:#777;font-size:12px">Mensagem automática da plataforma Frota.</p>',
      );
    }
  });

  it('writes English: subject, labels, title, directions and html lang', () => {
    const mail = overspeed('en');
    expect(mail.subject).toBe('Overspeed - Camião 12 (LD-12-34-AB)');
    expect(mail.text).toBe(
      [
        'Alert: Overspeed',
        'Description: Limite urbano',
        'Vehicle: Camião 12',
        'Licence plate: LD-12-34-AB',
        'Date/time: 15/01/2024 23:30:05 (Europe/Lisbon)',
        'Speed: 111 km/h',
        'Speed limit: 80 km/h',
        'Zone: Porto de Luanda',
        'Address: 4 km NW of Estalagem, Viana, AO',
        `View on the map: ${LINK}`,
        '',
        'Automatic message from the Frota platform.',
      ].join('\n'),
    );
    expect(mail.html).toContain('<!DOCTYPE html><html lang="en"><body');
    expect(mail.html).toContain('<h2 style="margin:0 0 12px">Overspeed</h2>');
    expect(mail.html).toContain(
      `<tr><th align="left" ${cell}>Licence plate</th><td ${cell}>LD-12-34-AB</td></tr>`,
    );
    expect(mail.html).toContain(`<td ${cell}>4 km NW of Estalagem, Viana, AO</td>`);
    expect(mail.html).toContain('>View on the map</a></p>');
    expect(mail.html).not.toMatch(/Alerta|Viatura|Morada|Ver no mapa|Mensagem/);
  });

  it('writes Arabic right to left', () => {
    const mail = overspeed('ar');
    expect(mail.subject).toBe('تجاوز السرعة - Camião 12 (LD-12-34-AB)');
    expect(mail.text).toBe(
      [
        'التنبيه: تجاوز السرعة',
        'الوصف: Limite urbano',
        'المركبة: Camião 12',
        'لوحة الترخيص: LD-12-34-AB',
        'التاريخ والوقت: 15/01/2024 23:30:05 (Europe/Lisbon)',
        'السرعة: 111 km/h',
        'حد السرعة: 80 km/h',
        'المنطقة: Porto de Luanda',
        'العنوان: 4 كم شمال غرب Estalagem, Viana, AO',
        `عرض على الخريطة: ${LINK}`,
        '',
        'رسالة تلقائية من منصة Frota.',
      ].join('\n'),
    );
    expect(mail.html).toContain('<!DOCTYPE html><html lang="ar" dir="rtl"><body');
    expect(mail.html).toContain('<h2 style="margin:0 0 12px">تجاوز السرعة</h2>');
    expect(mail.html).toContain(
      `<tr><th align="right" ${cell}>العنوان</th><td ${cell}><bdi>4 كم شمال غرب Estalagem, Viana, AO</bdi></td></tr>`,
    );
    // a value keeps its own direction in the right-to-left table: "111 km/h", not "km/h 111"
    expect(mail.html).toContain(
      `<tr><th align="right" ${cell}>السرعة</th><td ${cell}><bdi>111 km/h</bdi></td></tr>`,
    );
    expect(mail.html).toContain('>عرض على الخريطة</a></p>');
    expect(mail.html).toContain('<p style="color:#777;font-size:12px">رسالة تلقائية من منصة Frota.</p>');
  });

  it('names alarms in the recipient’s language', () => {
    expect(
      renderEventMail(context('alarm', { alarm: 'sos' }), { userAttributes: { language: 'en' } }).subject,
    ).toBe('Alarm: SOS - Camião 12 (LD-12-34-AB)');
    expect(
      renderEventMail(context('alarm', { alarm: 'hardBraking' }), { userAttributes: { language: 'ar' } })
        .subject,
    ).toBe('إنذار: كبح حاد - Camião 12 (LD-12-34-AB)');
  });
});

describe('alert SMS text', () => {
  const link = 'https://www.openstreetmap.org/?mlat=-8.838300&mlon=13.234400#map=16/-8.838300/13.234400';
  const ctx = { ...context('geofenceExit'), geofence: { id: 4, name: 'Porto' } };

  it('is one line with title, vehicle, plate, local time, speed, zone and link', () => {
    expect(renderEventSms(ctx, { timezone: 'Africa/Maputo' })).toBe(
      'Saída de zona: Camião 12 (LD-12-34-AB) - 16/01/2024 01:30:05 - 93 km/h - Zona Porto - ' + link,
    );
  });

  it('speaks the recipient’s language', () => {
    expect(renderEventSms(ctx, { timezone: 'Africa/Maputo', language: 'en' })).toBe(
      'Zone exit: Camião 12 (LD-12-34-AB) - 16/01/2024 01:30:05 - 93 km/h - Zone Porto - ' + link,
    );
    expect(renderEventSms(ctx, { language: 'ar' })).toBe(
      'خروج من منطقة: Camião 12 (LD-12-34-AB) - 16/01/2024 00:30:05 - 93 km/h - المنطقة Porto - ' + link,
    );
    expect(renderEventSms(ctx, { language: 'fr' })).toMatch(/^Sortie de zone : Camião 12 .* - Zone Porto - /);
  });
});
