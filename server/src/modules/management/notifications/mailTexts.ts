/**
 * The words of the daily maintenance e-mail in the five interface languages (document 3 §9), chosen by the
 * owner's `language` attribute (pt when missing or unknown). Cost and document type names as the web's
 * management tables have them.
 */
export const MAIL_LANGUAGES = ['pt', 'en', 'es', 'fr', 'ar'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export interface MailTexts {
  /** number formatting (Latin digits everywhere) */
  locale: string;
  dir: 'ltr' | 'rtl';
  subject(vehicles: number, date: string): string;
  intro(date: string): string;
  kmDue(left: string, next: string): string;
  kmOverdue(over: string, next: string): string;
  hoursDue(left: string, next: string): string;
  hoursOverdue(over: string, next: string): string;
  cost: string;
  document: string;
  expires(date: string, days: number): string;
  expiresToday(date: string): string;
  expired(date: string, days: number): string;
  silent(hours: number, last: string): string;
  neverReported: string;
  footer: string;
  costTypes: Record<string, string>;
  documentTypes: Record<string, string>;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const pt: MailTexts = {
  locale: 'pt-PT',
  dir: 'ltr',
  subject: (n, date) => `Manutenção: ${n} ${plural(n, 'viatura', 'viaturas')} com avisos (${date})`,
  intro: (date) => `Avisos diários de manutenção de ${date}.`,
  kmDue: (left, next) => `Manutenção dentro de ${left} km (aos ${next} km)`,
  kmOverdue: (over, next) => `Manutenção em atraso: ${over} km além dos ${next} km previstos`,
  hoursDue: (left, next) => `Manutenção dentro de ${left} h (às ${next} h de motor)`,
  hoursOverdue: (over, next) => `Manutenção em atraso: ${over} h além das ${next} h previstas`,
  cost: 'Custo',
  document: 'Documento',
  expires: (date, d) => `expira a ${date}, dentro de ${d} ${plural(d, 'dia', 'dias')}`,
  expiresToday: (date) => `expira hoje (${date})`,
  expired: (date, d) => `expirou a ${date}, há ${d} ${plural(d, 'dia', 'dias')}`,
  silent: (h, last) => `Sem comunicação há ${h} horas (última: ${last})`,
  neverReported: 'Sem comunicação registada',
  footer: 'Mensagem automática da plataforma Frota.',
  costTypes: { insurance: 'Seguro', license: 'Licença', tax: 'Imposto', cleaning: 'Limpeza', other: 'Outro' },
  documentTypes: {
    license: 'Licença',
    contract: 'Contrato',
    insurance: 'Seguro',
    inspection: 'Inspecção',
    tax: 'Imposto',
    other: 'Outro',
  },
};

const en: MailTexts = {
  locale: 'en-GB',
  dir: 'ltr',
  subject: (n, date) => `Maintenance: ${n} ${plural(n, 'vehicle', 'vehicles')} with notices (${date})`,
  intro: (date) => `Daily maintenance notices of ${date}.`,
  kmDue: (left, next) => `Service due in ${left} km (at ${next} km)`,
  kmOverdue: (over, next) => `Service overdue by ${over} km (due at ${next} km)`,
  hoursDue: (left, next) => `Service due in ${left} h (at ${next} engine hours)`,
  hoursOverdue: (over, next) => `Service overdue by ${over} h (due at ${next} engine hours)`,
  cost: 'Cost',
  document: 'Document',
  expires: (date, d) => `expires on ${date}, in ${d} ${plural(d, 'day', 'days')}`,
  expiresToday: (date) => `expires today (${date})`,
  expired: (date, d) => `expired on ${date}, ${d} ${plural(d, 'day', 'days')} ago`,
  silent: (h, last) => `No communication for ${h} hours (last: ${last})`,
  neverReported: 'No communication recorded',
  footer: 'Automatic message from the Frota platform.',
  costTypes: { insurance: 'Insurance', license: 'License', tax: 'Tax', cleaning: 'Cleaning', other: 'Other' },
  documentTypes: {
    license: 'License',
    contract: 'Contract',
    insurance: 'Insurance',
    inspection: 'Inspection',
    tax: 'Tax',
    other: 'Other',
  },
};

const es: MailTexts = {
  locale: 'es-ES',
  dir: 'ltr',
  subject: (n, date) => `Mantenimiento: ${n} ${plural(n, 'vehículo', 'vehículos')} con avisos (${date})`,
  intro: (date) => `Avisos diarios de mantenimiento del ${date}.`,
  kmDue: (left, next) => `Mantenimiento dentro de ${left} km (a los ${next} km)`,
  kmOverdue: (over, next) => `Mantenimiento atrasado: ${over} km más allá de los ${next} km previstos`,
  hoursDue: (left, next) => `Mantenimiento dentro de ${left} h (a las ${next} h de motor)`,
  hoursOverdue: (over, next) => `Mantenimiento atrasado: ${over} h más allá de las ${next} h previstas`,
  cost: 'Coste',
  document: 'Documento',
  expires: (date, d) => `caduca el ${date}, dentro de ${d} ${plural(d, 'día', 'días')}`,
  expiresToday: (date) => `caduca hoy (${date})`,
  expired: (date, d) => `caducó el ${date}, hace ${d} ${plural(d, 'día', 'días')}`,
  silent: (h, last) => `Sin comunicación desde hace ${h} horas (última: ${last})`,
  neverReported: 'Sin comunicación registrada',
  footer: 'Mensaje automático de la plataforma Frota.',
  costTypes: {
    insurance: 'Seguro',
    license: 'Licencia',
    tax: 'Impuesto',
    cleaning: 'Limpieza',
    other: 'Otro',
  },
  documentTypes: {
    license: 'Licencia',
    contract: 'Contrato',
    insurance: 'Seguro',
    inspection: 'Inspección',
    tax: 'Impuesto',
    other: 'Otro',
  },
};

const fr: MailTexts = {
  locale: 'fr-FR',
  dir: 'ltr',
  subject: (n, date) => `Entretien : ${n} ${plural(n, 'véhicule', 'véhicules')} avec alertes (${date})`,
  intro: (date) => `Alertes d'entretien quotidiennes du ${date}.`,
  kmDue: (left, next) => `Entretien dans ${left} km (à ${next} km)`,
  kmOverdue: (over, next) => `Entretien en retard de ${over} km (prévu à ${next} km)`,
  hoursDue: (left, next) => `Entretien dans ${left} h (à ${next} h moteur)`,
  hoursOverdue: (over, next) => `Entretien en retard de ${over} h (prévu à ${next} h moteur)`,
  cost: 'Coût',
  document: 'Document',
  expires: (date, d) => `expire le ${date}, dans ${d} ${plural(d, 'jour', 'jours')}`,
  expiresToday: (date) => `expire aujourd'hui (${date})`,
  expired: (date, d) => `a expiré le ${date}, il y a ${d} ${plural(d, 'jour', 'jours')}`,
  silent: (h, last) => `Aucune communication depuis ${h} heures (dernière : ${last})`,
  neverReported: 'Aucune communication enregistrée',
  footer: 'Message automatique de la plateforme Frota.',
  costTypes: {
    insurance: 'Assurance',
    license: 'Licence',
    tax: 'Taxe',
    cleaning: 'Nettoyage',
    other: 'Autre',
  },
  documentTypes: {
    license: 'Licence',
    contract: 'Contrat',
    insurance: 'Assurance',
    inspection: 'Inspection',
    tax: 'Taxe',
    other: 'Autre',
  },
};

const ar: MailTexts = {
  locale: 'ar-u-nu-latn',
  dir: 'rtl',
  subject: (n, date) => `الصيانة: ${n} ${plural(n, 'مركبة', 'مركبات')} مع تنبيهات (${date})`,
  intro: (date) => `تنبيهات الصيانة اليومية بتاريخ ${date}.`,
  kmDue: (left, next) => `الصيانة مستحقة خلال ${left} كم (عند ${next} كم)`,
  kmOverdue: (over, next) => `الصيانة متأخرة بمقدار ${over} كم (كانت مستحقة عند ${next} كم)`,
  hoursDue: (left, next) => `الصيانة مستحقة خلال ${left} ساعة (عند ${next} ساعة تشغيل)`,
  hoursOverdue: (over, next) => `الصيانة متأخرة بمقدار ${over} ساعة (كانت مستحقة عند ${next} ساعة تشغيل)`,
  cost: 'تكلفة',
  document: 'مستند',
  expires: (date, d) => `تنتهي في ${date}، بعد ${d} ${plural(d, 'يوم', 'أيام')}`,
  expiresToday: (date) => `تنتهي اليوم (${date})`,
  expired: (date, d) => `انتهت في ${date}، منذ ${d} ${plural(d, 'يوم', 'أيام')}`,
  silent: (h, last) => `لا اتصال منذ ${h} ساعة (آخر اتصال: ${last})`,
  neverReported: 'لا يوجد اتصال مسجل',
  footer: 'رسالة تلقائية من منصة Frota.',
  costTypes: { insurance: 'تأمين', license: 'رخصة', tax: 'ضريبة', cleaning: 'تنظيف', other: 'أخرى' },
  documentTypes: {
    license: 'رخصة',
    contract: 'عقد',
    insurance: 'تأمين',
    inspection: 'فحص',
    tax: 'ضريبة',
    other: 'أخرى',
  },
};

export const MAIL_TEXTS: Record<MailLanguage, MailTexts> = { pt, en, es, fr, ar };

/** The texts of a user's language attribute ('pt-PT' and 'en_US' read as pt and en); pt by default. */
export function mailTexts(language: unknown): MailTexts {
  const code = typeof language === 'string' ? language.slice(0, 2).toLowerCase() : '';
  return (MAIL_LANGUAGES as readonly string[]).includes(code) ? MAIL_TEXTS[code as MailLanguage] : pt;
}
