import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import cs from '../translations/cs.json';
import en from '../translations/en.json';
import es from '../translations/es.json';
import sk from '../translations/sk.json';
import addressesCs from '../translations/areas/addresses.cs.json';
import addressesEn from '../translations/areas/addresses.en.json';
import billingCs from '../translations/areas/billing.cs.json';
import billingEn from '../translations/areas/billing.en.json';
import businessCs from '../translations/areas/business.cs.json';
import businessEn from '../translations/areas/business.en.json';
import clientCs from '../translations/areas/client.cs.json';
import clientEn from '../translations/areas/client.en.json';
import importCs from '../translations/areas/import.cs.json';
import importEn from '../translations/areas/import.en.json';
import shipmentsCs from '../translations/areas/shipments.cs.json';
import shipmentsEn from '../translations/areas/shipments.en.json';
import pricesCs from '../translations/areas/prices.cs.json';
import pricesEn from '../translations/areas/prices.en.json';
import carriersCs from '../translations/areas/carriers.cs.json';
import carriersEn from '../translations/areas/carriers.en.json';
import faqCs from '../translations/areas/faq.cs.json';
import faqEn from '../translations/areas/faq.en.json';
import contentCs from '../translations/areas/content.cs.json';
import contentEn from '../translations/areas/content.en.json';
import bizpagesCs from '../translations/areas/bizpages.cs.json';
import bizpagesEn from '../translations/areas/bizpages.en.json';
import pricesSk from '../translations/areas/prices.sk.json';
import addressesSk from '../translations/areas/addresses.sk.json';
import billingSk from '../translations/areas/billing.sk.json';
import businessSk from '../translations/areas/business.sk.json';
import clientSk from '../translations/areas/client.sk.json';
import importSk from '../translations/areas/import.sk.json';
import shipmentsSk from '../translations/areas/shipments.sk.json';
import faqSk from '../translations/areas/faq.sk.json';
import contentSk from '../translations/areas/content.sk.json';
import bizpagesSk from '../translations/areas/bizpages.sk.json';
import seoSk from '../translations/areas/seo.sk.json';
import carriersSk from '../translations/areas/carriers.sk.json';
import seoCs from '../translations/areas/seo.cs.json';
import seoEn from '../translations/areas/seo.en.json';

/**
 * The main catalogues plus one file per area (translations/areas/<area>.<locale>.json), so each
 * area keeps its texts apart; cs is the source of each, en and sk are complete (issue 26: the
 * Slovak site is Slovak on every page), es is partial and falls back to Czech key by key.
 */
const csAll = { ...cs, ...clientCs, ...addressesCs, ...billingCs, ...businessCs, ...importCs, ...shipmentsCs, ...pricesCs, ...carriersCs, ...faqCs, ...contentCs, ...bizpagesCs, ...seoCs };
const enAll = { ...en, ...clientEn, ...addressesEn, ...billingEn, ...businessEn, ...importEn, ...shipmentsEn, ...pricesEn, ...carriersEn, ...faqEn, ...contentEn, ...bizpagesEn, ...seoEn };

export type MessageId = keyof typeof csAll;
export type Messages = Record<string, string>;
export type IntlLocale = 'cs' | 'en' | 'sk' | 'es';

/** cs is the source language: every other locale falls back to it key by key */
const catalogs: Record<IntlLocale, Messages> = {
  cs: csAll,
  en: { ...csAll, ...enAll },
  sk: { ...csAll, ...sk, ...clientSk, ...addressesSk, ...billingSk, ...businessSk, ...importSk, ...shipmentsSk, ...pricesSk, ...carriersSk, ...faqSk, ...contentSk, ...bizpagesSk, ...seoSk },
  es: { ...csAll, ...es },
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

/** a message that formats to itself: no placeholder, no tag, no ICU quoting */
const PLAIN = /^[^{}<']*$/;
/** compiled messages with placeholders, per locale and id */
const compiled = new Map<string, { format: (values?: Record<string, string | number>) => unknown }>();

/**
 * A page formats a few hundred messages. @formatjs/intl's formatMessage merges the formats and
 * looks its compiled message up by a JSON key on every call (about 2 ms of a client page's
 * render); most messages are plain text, and the others are compiled once per isolate here.
 * A missing id still goes through formatMessage (its error report and fallback).
 */
export const translator = (locale: IntlLocale): Translate => {
  const intl = getIntl(locale);
  const messages = catalogs[locale];
  return (id, values) => {
    const message = Object.hasOwn(messages, id) ? messages[id] : undefined;
    if (message === undefined || message === '') return intl.formatMessage({ id }, values) as string;
    if (PLAIN.test(message)) return message;
    const key = `${locale}\n${id}`;
    let format = compiled.get(key);
    if (!format) {
      format = intl.formatters.getMessageFormat(message, intl.locale, intl.formats, { formatters: intl.formatters });
      compiled.set(key, format);
    }
    try {
      return String(format.format(values));
    } catch {
      // a value the message needs is missing: formatMessage reports it and falls back
      return intl.formatMessage({ id }, values) as string;
    }
  };
};

/**
 * The messages whose ids start with one of the prefixes, for a client island. The same few
 * prefix lists come back on every page: each pick is made once per isolate (a frozen object,
 * which the providers spread).
 */
export function pickMessages(locale: IntlLocale, prefixes: readonly string[]): Messages {
  const key = `${locale}\n${prefixes.join('\n')}`;
  let picked = picks.get(key);
  if (!picked) {
    const all = catalogs[locale];
    picked = Object.freeze(Object.fromEntries(Object.entries(all).filter(([k]) => prefixes.some((p) => k.startsWith(p)))));
    picks.set(key, picked);
  }
  return picked;
}
const picks = new Map<string, Messages>();

export const hasMessage = (id: string): id is MessageId => id in csAll;
