/**
 * The e-mail of an event shared from the alert central (shareMail.ts, document 2 §2.8): subject, text and
 * HTML written out by hand for a full event and for a sparse one.
 *
 * Mutations this catches: the time not in the sender's timezone, speed left in knots, a row shown for an
 * empty value, the plate repeated when it equals the name, the status details dropped, the map link
 * missing or kept without coordinates, HTML not escaped.
 */
import { describe, expect, it } from 'vitest';
import { kmhToKnots } from '@frota/core';
import type { AlertEvent } from './eventRows';
import { STATUS_NAMES } from './eventTypes';
import { renderShareMail } from './shareMail';
import { MAIL_TEXTS } from '../../events/notify/mailTexts';

const FULL: AlertEvent = {
  id: 7,
  eventTime: '2025-03-10T11:30:00.000Z',
  eventType: 'alarmsos',
  details: 'Botão <SOS>',
  groupId: 1,
  deviceId: 3,
  deviceName: 'Camião 1',
  deviceLicensePlate: 'LD-01-00-AA',
  driverId: 2,
  driverName: 'João & Filhos',
  driverPhone: null,
  lastStatusId: 1,
  lastStatusName: 'Em resolução',
  lastStatusUser: 'Gestor',
  lastStatusDetails: 'a caminho',
  latitude: -8.8,
  longitude: 13.2345678,
  fixTime: '2025-03-10T11:30:00.000Z',
  address: 'Rua "A", Luanda',
  speed: kmhToKnots(50),
};

const LINK = 'https://www.openstreetmap.org/?mlat=-8.800000&mlon=13.234568#map=16/-8.800000/13.234568';

describe('renderShareMail', () => {
  it('writes every fact of a full event, the time in the sender timezone', () => {
    const mail = renderShareMail(FULL, { timezone: 'Europe/Lisbon' });
    expect(mail.subject).toBe('Alarme: SOS - Camião 1 (LD-01-00-AA)');
    expect(mail.text).toBe(
      [
        'Alerta: Alarme: SOS',
        'Detalhes: Botão <SOS>',
        'Viatura: Camião 1',
        'Matrícula: LD-01-00-AA',
        'Data/hora: 10/03/2025 11:30:00 (Europe/Lisbon)',
        'Velocidade: 50 km/h',
        'Condutor: João & Filhos',
        'Estado: Em resolução - a caminho',
        'Morada: Rua "A", Luanda',
        `Ver no mapa: ${LINK}`,
      ].join('\n'),
    );
    const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
    const row = (label: string, value: string) =>
      `<tr><th align="left" ${cell}>${label}</th><td ${cell}>${value}</td></tr>`;
    expect(mail.html).toBe(
      [
        '<!DOCTYPE html><html lang="pt"><body style="font-family:Arial,sans-serif;color:#222">',
        '<h2 style="margin:0 0 12px">Alarme: SOS</h2>',
        '<table style="border-collapse:collapse">',
        row('Alerta', 'Alarme: SOS'),
        row('Detalhes', 'Botão &lt;SOS&gt;'),
        row('Viatura', 'Camião 1'),
        row('Matrícula', 'LD-01-00-AA'),
        row('Data/hora', '10/03/2025 11:30:00 (Europe/Lisbon)'),
        row('Velocidade', '50 km/h'),
        row('Condutor', 'João &amp; Filhos'),
        row('Estado', 'Em resolução - a caminho'),
        row('Morada', 'Rua &quot;A&quot;, Luanda'),
        '</table>',
        `<p><a href="${LINK.replace('&', '&amp;')}">Ver no mapa</a></p>`,
        '</body></html>',
      ].join('\n'),
    );
  });

  it('leaves out what a sparse event lacks; Luanda when the timezone is unset or unknown', () => {
    const sparse: AlertEvent = {
      ...FULL,
      eventType: 'deviceOverspeed',
      details: '',
      deviceLicensePlate: 'Carrinha',
      deviceName: 'Carrinha',
      driverName: null,
      lastStatusName: 'Por resolver',
      lastStatusDetails: null,
      latitude: null,
      longitude: null,
      address: null,
      speed: null,
    };
    for (const attributes of [{}, { timezone: 'Nowhere/Nothing' }]) {
      const mail = renderShareMail(sparse, attributes);
      // the plate equal to the name is not repeated in the subject
      expect(mail.subject).toBe('Excesso de velocidade - Carrinha');
      expect(mail.text).toBe(
        [
          'Alerta: Excesso de velocidade',
          'Viatura: Carrinha',
          'Matrícula: Carrinha',
          'Data/hora: 10/03/2025 12:30:00 (Africa/Luanda)',
          'Estado: Por resolver',
        ].join('\n'),
      );
      expect(mail.html).not.toContain('Ver no mapa');
    }
  });

  it('names an alarm the title list does not know by its own name', () => {
    const mail = renderShareMail({ ...FULL, eventType: 'alarmdoorOpen', deviceLicensePlate: null }, {});
    expect(mail.subject).toBe('Alarme: doorOpen - Camião 1');
    expect(mail.text.split('\n')[0]).toBe('Alerta: Alarme: doorOpen');
    expect(mail.text).not.toContain('Matrícula');
  });

  it('keeps the stored Portuguese status names and details in Portuguese', () => {
    expect(STATUS_NAMES.map((_, i) => MAIL_TEXTS[`status${i}` as 'status0'].pt)).toEqual([...STATUS_NAMES]);
    const mail = renderShareMail(
      {
        ...FULL,
        eventType: 'deviceOverspeed',
        details: '111 km/h (limite 80 km/h) · Porto',
        address: '4 km NO de Viana, AO',
      },
      { language: 'pt' },
    );
    expect(mail.text).toContain('Detalhes: 111 km/h (limite 80 km/h) · Porto');
    expect(mail.text).toContain('Morada: 4 km NO de Viana, AO');
  });
});

describe('renderShareMail in the sender’s language', () => {
  const RELATIVE: AlertEvent = { ...FULL, address: '4 km NO de Estalagem, Viana, AO' };
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';

  it('writes English: subject, labels, title, status, directions and html lang', () => {
    const mail = renderShareMail(RELATIVE, { timezone: 'Europe/Lisbon', language: 'en' });
    expect(mail.subject).toBe('Alarm: SOS - Camião 1 (LD-01-00-AA)');
    expect(mail.text).toBe(
      [
        'Alert: Alarm: SOS',
        'Details: Botão <SOS>',
        'Vehicle: Camião 1',
        'Licence plate: LD-01-00-AA',
        'Date/time: 10/03/2025 11:30:00 (Europe/Lisbon)',
        'Speed: 50 km/h',
        'Driver: João & Filhos',
        'Status: Being resolved - a caminho',
        'Address: 4 km NW of Estalagem, Viana, AO',
        `View on the map: ${LINK}`,
      ].join('\n'),
    );
    expect(mail.html).toContain('<!DOCTYPE html><html lang="en"><body');
    expect(mail.html).toContain('<h2 style="margin:0 0 12px">Alarm: SOS</h2>');
    expect(mail.html).toContain(
      `<tr><th align="left" ${cell}>Status</th><td ${cell}>Being resolved - a caminho</td></tr>`,
    );
    expect(mail.html).toContain(`>View on the map</a></p>`);
  });

  it('writes Arabic right to left', () => {
    const mail = renderShareMail(RELATIVE, { timezone: 'Europe/Lisbon', language: 'ar' });
    expect(mail.subject).toBe('إنذار: استغاثة - Camião 1 (LD-01-00-AA)');
    expect(mail.text).toBe(
      [
        'التنبيه: إنذار: استغاثة',
        'التفاصيل: Botão <SOS>',
        'المركبة: Camião 1',
        'لوحة الترخيص: LD-01-00-AA',
        'التاريخ والوقت: 10/03/2025 11:30:00 (Europe/Lisbon)',
        'السرعة: 50 km/h',
        'السائق: João & Filhos',
        'الحالة: قيد الحل - a caminho',
        'العنوان: 4 كم شمال غرب Estalagem, Viana, AO',
        `عرض على الخريطة: ${LINK}`,
      ].join('\n'),
    );
    expect(mail.html).toContain('<!DOCTYPE html><html lang="ar" dir="rtl"><body');
    expect(mail.html).toContain(
      `<tr><th align="right" ${cell}>العنوان</th><td ${cell}><bdi>4 كم شمال غرب Estalagem, Viana, AO</bdi></td></tr>`,
    );
    expect(mail.html).toContain('>عرض على الخريطة</a></p>');
  });

  it('translates the alert central’s overspeed and fuel details, not a zone’s name', () => {
    const details = (eventType: string, text: string, language: string) =>
      renderShareMail({ ...FULL, eventType, details: text }, { language }).text.split('\n')[1];
    expect(details('deviceOverspeed', '111 km/h (limite 80 km/h) · Queda de água', 'en')).toBe(
      'Details: 111 km/h (limit 80 km/h) · Queda de água',
    );
    expect(details('deviceOverspeed', '111 km/h', 'en')).toBe('Details: 111 km/h');
    expect(details('deviceFuelDrop', 'Queda de 12.5', 'es')).toBe('Detalles: Caída de 12.5');
    expect(details('deviceFuelDrop', 'Queda de 12.5', 'ar')).toBe('التفاصيل: انخفاض بمقدار 12.5');
    expect(details('geofenceEnter', 'Queda de água', 'fr')).toBe('Détails : Queda de água');
  });
});
