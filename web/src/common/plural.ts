import i18n from 'i18next';
import { interfaceLanguage, LANGUAGE_LOCALES } from '@frota/core';

const rules = new Map<string, Intl.PluralRules>();

/**
 * The plural form a count takes in a language (CLDR's zero, one, two, few, many, other): Arabic says
 * "يوم واحد", "يومان", "5 أيام", "12 يومًا". The tables hold a text for every form, so each language has the
 * same keys; a language uses the forms it has.
 */
export function pluralForm(count: number, language: string = i18n.language): Intl.LDMLPluralRule {
  const locale = LANGUAGE_LOCALES[interfaceLanguage(language)];
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  return rule.select(count);
}
