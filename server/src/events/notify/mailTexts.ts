/**
 * The fixed texts of the alert e-mails and SMS (the notifications and the alert central's shared event) in
 * the five interface languages: one id, one text per language, Portuguese the original. A language left out
 * does not compile. `{name}` marks where a value goes. The event and alarm names are in eventTitles.ts.
 */
import type { CompassPoint, InterfaceLanguage } from '@frota/core';

export type Texts = Readonly<Record<InterfaceLanguage, string>>;

export const MAIL_TEXTS = {
  // the rows of the mails, in the words of the web's alert central
  alert: { pt: 'Alerta', en: 'Alert', es: 'Alerta', fr: 'Alerte', ar: 'التنبيه' },
  description: { pt: 'Descrição', en: 'Description', es: 'Descripción', fr: 'Description', ar: 'الوصف' },
  details: { pt: 'Detalhes', en: 'Details', es: 'Detalles', fr: 'Détails', ar: 'التفاصيل' },
  vehicle: { pt: 'Viatura', en: 'Vehicle', es: 'Vehículo', fr: 'Véhicule', ar: 'المركبة' },
  plate: { pt: 'Matrícula', en: 'Licence plate', es: 'Matrícula', fr: 'Immatriculation', ar: 'لوحة الترخيص' },
  dateTime: { pt: 'Data/hora', en: 'Date/time', es: 'Fecha/hora', fr: 'Date/heure', ar: 'التاريخ والوقت' },
  speed: { pt: 'Velocidade', en: 'Speed', es: 'Velocidad', fr: 'Vitesse', ar: 'السرعة' },
  speedLimit: {
    pt: 'Limite de velocidade',
    en: 'Speed limit',
    es: 'Límite de velocidad',
    fr: 'Limite de vitesse',
    ar: 'حد السرعة',
  },
  zone: { pt: 'Zona', en: 'Zone', es: 'Zona', fr: 'Zone', ar: 'المنطقة' },
  driver: { pt: 'Condutor', en: 'Driver', es: 'Conductor', fr: 'Conducteur', ar: 'السائق' },
  status: { pt: 'Estado', en: 'Status', es: 'Estado', fr: 'État', ar: 'الحالة' },
  address: { pt: 'Morada', en: 'Address', es: 'Dirección', fr: 'Adresse', ar: 'العنوان' },
  viewOnMap: {
    pt: 'Ver no mapa',
    en: 'View on the map',
    es: 'Ver en el mapa',
    fr: 'Voir sur la carte',
    ar: 'عرض على الخريطة',
  },
  automatic: {
    pt: 'Mensagem automática da plataforma Frota.',
    en: 'Automatic message from the Frota platform.',
    es: 'Mensaje automático de la plataforma Frota.',
    fr: 'Message automatique de la plateforme Frota.',
    ar: 'رسالة تلقائية من منصة Frota.',
  },
  /** a label and its value on one line of the text body or the SMS */
  labelled: {
    pt: '{label}: {value}',
    en: '{label}: {value}',
    es: '{label}: {value}',
    fr: '{label} : {value}',
    ar: '{label}: {value}',
  },
  alarm: { pt: 'Alarme', en: 'Alarm', es: 'Alarma', fr: 'Alarme', ar: 'إنذار' },
  alarmTitle: {
    pt: 'Alarme: {names}',
    en: 'Alarm: {names}',
    es: 'Alarma: {names}',
    fr: 'Alarme : {names}',
    ar: 'إنذار: {names}',
  },
  /** the offline geocoder's "4 km NO de Estalagem, AO", with the direction of COMPASS_TEXTS */
  relativeAddress: {
    pt: '{km} km {direction} de {place}',
    en: '{km} km {direction} of {place}',
    es: '{km} km {direction} de {place}',
    fr: '{km} km {direction} de {place}',
    ar: '{km} كم {direction} {place}',
  },
  // the alert central's event statuses (modules/alerts/eventTypes.ts STATUS_NAMES, by number)
  status0: { pt: 'Por resolver', en: 'To resolve', es: 'Por resolver', fr: 'À résoudre', ar: 'بانتظار الحل' },
  status1: {
    pt: 'Em resolução',
    en: 'Being resolved',
    es: 'En resolución',
    fr: 'En cours de résolution',
    ar: 'قيد الحل',
  },
  status2: { pt: 'Resolvido', en: 'Resolved', es: 'Resuelto', fr: 'Résolu', ar: 'تم الحل' },
  status3: { pt: 'Ignorado', en: 'Ignored', es: 'Ignorado', fr: 'Ignoré', ar: 'تم التجاهل' },
  // the alert central's details of an overspeed and a fuel drop (modules/alerts/eventRows.ts detailsOf)
  speedAndLimit: {
    pt: '{speed} (limite {limit})',
    en: '{speed} (limit {limit})',
    es: '{speed} (límite {limit})',
    fr: '{speed} (limite {limit})',
    ar: '{speed} (الحد {limit})',
  },
  fuelDrop: {
    pt: 'Queda de {amount}',
    en: 'Drop of {amount}',
    es: 'Caída de {amount}',
    fr: 'Chute de {amount}',
    ar: 'انخفاض بمقدار {amount}',
  },
} as const satisfies Record<string, Texts>;

export type MailTextId = keyof typeof MAIL_TEXTS;

/** The compass points of the stored addresses (Portuguese: O = oeste), as the web's relativeAddress.* */
export const COMPASS_TEXTS: Readonly<Record<CompassPoint, Texts>> = {
  N: { pt: 'N', en: 'N', es: 'N', fr: 'N', ar: 'شمال' },
  NE: { pt: 'NE', en: 'NE', es: 'NE', fr: 'NE', ar: 'شمال شرق' },
  E: { pt: 'E', en: 'E', es: 'E', fr: 'E', ar: 'شرق' },
  SE: { pt: 'SE', en: 'SE', es: 'SE', fr: 'SE', ar: 'جنوب شرق' },
  S: { pt: 'S', en: 'S', es: 'S', fr: 'S', ar: 'جنوب' },
  SO: { pt: 'SO', en: 'SW', es: 'SO', fr: 'SO', ar: 'جنوب غرب' },
  O: { pt: 'O', en: 'W', es: 'O', fr: 'O', ar: 'غرب' },
  NO: { pt: 'NO', en: 'NW', es: 'NO', fr: 'NO', ar: 'شمال غرب' },
};

export type MailTranslate = (id: MailTextId, values?: Readonly<Record<string, string>>) => string;

/** The texts of one language: `t('alert')`, `t('alarmTitle', { names: 'SOS' })`. */
export function mailTexts(language: InterfaceLanguage): MailTranslate {
  return (id, values = {}) =>
    MAIL_TEXTS[id][language].replace(/\{(\w+)\}/g, (hole, name: string) =>
      Object.hasOwn(values, name) ? values[name]! : hole,
    );
}

/** The html element's attributes: `lang="ar" dir="rtl"` for Arabic, the language alone for the others. */
export const htmlLanguage = (language: InterfaceLanguage): string =>
  language === 'ar' ? `lang="ar" dir="rtl"` : `lang="${language}"`;
