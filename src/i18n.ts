import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import cs from '../translations/cs.json';
import en from '../translations/en.json';
import es from '../translations/es.json';
import sk from '../translations/sk.json';

export type MessageId = keyof typeof cs;
export type Messages = Record<string, string>;
export type IntlLocale = 'cs' | 'en' | 'sk' | 'es';

/** cs is the source language: every other locale falls back to it key by key */
const catalogs: Record<IntlLocale, Messages> = {
  cs,
  en: { ...cs, ...en },
  sk: { ...cs, ...sk },
  es: { ...cs, ...es },
};

/** BCP 47 tags for Intl (spec §1: en is en-US) */
export const INTL_TAG: Record<IntlLocale, string> = { cs: 'cs-CZ', en: 'en-US', sk: 'sk-SK', es: 'es-ES' };

const cache = createIntlCache();
const intls = new Map<IntlLocale, IntlShape<string>>();

export function getIntl(locale: IntlLocale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale: INTL_TAG[locale], defaultLocale: 'cs-CZ', messages: catalogs[locale], timeZone: 'Europe/Prague' }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

export const translator = (locale: IntlLocale): Translate => {
  const intl = getIntl(locale);
  return (id, values) => intl.formatMessage({ id }, values) as string;
};

/** the messages whose ids start with one of the prefixes, for a client island */
export function pickMessages(locale: IntlLocale, prefixes: readonly string[]): Messages {
  const all = catalogs[locale];
  return Object.fromEntries(Object.entries(all).filter(([k]) => prefixes.some((p) => k.startsWith(p))));
}

export const hasMessage = (id: string): id is MessageId => id in cs;
