import type { ContentLanguage } from '../../lib/language';

/** the site's content languages each country uses (ISO 3166-1 alpha-2; a country not listed uses none of them) */
const COUNTRY_LANGUAGES: Readonly<Record<string, readonly ContentLanguage[]>> = {
  CZ: ['cs'],
  SK: ['sk'],
  GB: ['en'],
  IE: ['en'],
  MT: ['en'],
  US: ['en'],
  CA: ['en'],
  AU: ['en'],
  NZ: ['en'],
};

/**
 * The language of an e-mail to a shipment's recipient (issue 26): the sender's (the order's)
 * language when the recipient's country uses it, otherwise the country's own (sk for
 * Slovakia, cs for Czechia), and English anywhere else.
 */
export function recipientLanguage(senderLanguage: ContentLanguage, recipientCountry: string): ContentLanguage {
  const used = COUNTRY_LANGUAGES[recipientCountry.trim().toUpperCase()] ?? [];
  if (used.includes(senderLanguage)) return senderLanguage;
  return used[0] ?? 'en';
}

/** the host a link in that language opens on: Slovak pages live on the Slovak host, Czech ones on the Czech host; English on either (the order's) */
export const territoryOfMail = (language: ContentLanguage, orderTerritory: 'cz' | 'sk'): 'cz' | 'sk' => (language === 'sk' ? 'sk' : language === 'cs' ? 'cz' : orderTerritory);
