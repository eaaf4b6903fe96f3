import type { ContentLanguage } from '../../../lib/language';
import { EU_MEMBERS, inEuCustomsTerritory } from '../../carriers/pricing/customs';
import type { VatRate } from '../../documents/types';

/**
 * The VAT of a transport of goods the operator (a Czech VAT payer, in its own name) sells,
 * by customer and route (docs/vat.md has the rule and its sources):
 * - a business customer with a VAT id: the customer's seat (§ 9(1) of Act 235/2004 Sb.,
 *   Art. 44 of Directive 2006/112/EC): Czech VAT in Czechia, reverse charge in another member
 *   state (Art. 196), not subject to EU VAT outside the EU;
 * - a consumer (or a business without a VAT id, Art. 18(2) of Regulation 282/2011): the
 *   departure of an intra-EU transport, else where the transport takes place (§ 10b, Art. 49
 *   and 50); Slovak VAT is declared through the OSS (§ 110za ff.);
 * - transport directly linked to export is exempt (§ 69, Art. 146(1)(e)).
 */

export type VatScheme = 'domestic' | 'reverse-charge' | 'oss' | 'export' | 'outside-scope';

export type VatPlace = { country: string; zip?: string };

export type VatRuleInput = {
  /** the customer acting as a business with a valid VAT id (Czech DIČ, Slovak IČ DPH, …); null: a consumer */
  business: { country: string; vatId: string } | null;
  from: VatPlace;
  to: VatPlace;
};

export type VatRuleResult = { rate: VatRate; scheme: VatScheme; /** the state whose VAT is charged, or null */ taxCountry: string | null };

/** the standard rates the operator charges itself: Czech VAT, and Slovak VAT through the OSS (23 % since 1 January 2025) */
const STANDARD_RATES: Readonly<Record<string, VatRate>> = { CZ: 21, SK: 23 };
const OPERATOR_COUNTRY = 'CZ';

const inEu = (place: VatPlace) => inEuCustomsTerritory(place.country.toLowerCase(), place.zip ?? '');

/** the rule's answer, or null where the place of supply is a member state whose rate the operator does not charge (callers keep their default) */
export function vatRule(input: VatRuleInput): VatRuleResult | null {
  const fromEu = inEu(input.from);
  const toEu = inEu(input.to);
  const exported = fromEu && !toEu;
  if (input.business) {
    const seat = input.business.country.toUpperCase();
    if (seat === OPERATOR_COUNTRY) return exported ? { rate: 0, scheme: 'export', taxCountry: null } : { rate: STANDARD_RATES.CZ!, scheme: 'domestic', taxCountry: 'CZ' };
    if (EU_MEMBERS.has(seat.toLowerCase())) return { rate: 0, scheme: 'reverse-charge', taxCountry: seat };
    return { rate: 0, scheme: 'outside-scope', taxCountry: null };
  }
  if (exported) return { rate: 0, scheme: 'export', taxCountry: null };
  if (!fromEu && !toEu) return { rate: 0, scheme: 'outside-scope', taxCountry: null };
  const place = (fromEu ? input.from : input.to).country.toUpperCase();
  const rate = STANDARD_RATES[place];
  if (rate === undefined) return null;
  return { rate, scheme: place === OPERATOR_COUNTRY ? 'domestic' : 'oss', taxCountry: place };
}

/** the line an invoice states for its scheme (none for Czech VAT at home) */
export const VAT_LEGENDS: Record<Exclude<VatScheme, 'domestic'>, Record<ContentLanguage, string>> = {
  'reverse-charge': {
    cs: 'Daň odvede zákazník (reverse charge): místo plnění je v členském státě zákazníka podle § 9 odst. 1 zákona č. 235/2004 Sb., čl. 44 a 196 směrnice 2006/112/ES.',
    sk: 'Prenesenie daňovej povinnosti (reverse charge): daň odvedie zákazník; miesto dodania služby je v členskom štáte zákazníka podľa čl. 44 a 196 smernice 2006/112/ES.',
    en: 'Reverse charge: VAT to be accounted for by the customer; the place of supply is the customer’s member state (Articles 44 and 196 of Directive 2006/112/EC).',
  },
  oss: {
    cs: 'Slovenská DPH 23 % přiznaná ve zvláštním režimu jednoho správního místa (OSS, § 110za zákona č. 235/2004 Sb.): místo plnění je na Slovensku.',
    sk: 'Slovenská DPH 23 % priznaná v osobitnej úprave jedného kontaktného miesta (OSS, čl. 369a a nasl. smernice 2006/112/ES): miesto dodania služby je na Slovensku.',
    en: 'Slovak VAT of 23% declared under the One-Stop Shop (OSS, Articles 369a ff. of Directive 2006/112/EC): the place of supply is Slovakia.',
  },
  export: {
    cs: 'Osvobozeno od daně podle § 69 zákona č. 235/2004 Sb.: přeprava zboží přímo vázaná na vývoz (čl. 146 odst. 1 písm. e) směrnice 2006/112/ES).',
    sk: 'Oslobodené od dane podľa § 69 českého zákona č. 235/2004 Sb.: preprava tovaru priamo súvisiaca s vývozom (čl. 146 ods. 1 písm. e) smernice 2006/112/ES).',
    en: 'Exempt under Section 69 of the Czech VAT Act 235/2004 Sb.: transport of goods directly linked to export (Article 146(1)(e) of Directive 2006/112/EC).',
  },
  'outside-scope': {
    cs: 'Plnění nepodléhá DPH v EU: místo plnění je mimo Evropskou unii (§ 9 odst. 1 a § 10b zákona č. 235/2004 Sb.).',
    sk: 'Plnenie nepodlieha DPH v EÚ: miesto dodania služby je mimo Európskej únie (čl. 44 a 49 smernice 2006/112/ES).',
    en: 'Not subject to EU VAT: the place of supply is outside the European Union (Articles 44 and 49 of Directive 2006/112/EC).',
  },
};

export const vatLegend = (scheme: VatScheme, language: ContentLanguage): string | null => (scheme === 'domestic' ? null : VAT_LEGENDS[scheme][language]);


/**
 * The business side of an order's payer: a company or an account with an EU VAT id (a Slovak
 * IČ DPH, or a DIČ with its country's prefix such as CZ…); anyone else buys as a consumer.
 */
export function vatBusinessOf(payer: { type: 'person' | 'company' | 'account'; dic: string | null; icDph: string | null }): VatRuleInput['business'] {
  if (payer.type === 'person') return null;
  const vatId = (payer.icDph || payer.dic || '').replace(/\s/g, '').toUpperCase();
  const prefix = vatId.slice(0, 2);
  const country = prefix === 'EL' ? 'GR' : prefix;
  return /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(vatId) && EU_MEMBERS.has(country.toLowerCase()) ? { country, vatId } : null;
}
