import { requestInfo } from '../../request';
import { href } from '../../routes';
import { QuoteFormIsland, type CountryOption, type QuoteFormIslandProps } from './quote-form-island';

export type { CountryOption, QuoteFormModel } from './quote-form-island';

const collators = new Map<string, Intl.Collator>();
/** favourites first, then by name in the page's language */
function sortCountries(countries: CountryOption[], language: string): CountryOption[] {
  let collator = collators.get(language);
  if (!collator) collators.set(language, (collator = new Intl.Collator(language)));
  return [...countries].sort((a, b) => Number(b.favourite) - Number(a.favourite) || collator.compare(a.name, b.name));
}

/**
 * The quote form (home, price-list, carrier and parcel-point pages). The server part gives the
 * island the carrier step's address, so the route table is not part of the home page's
 * JavaScript, and the countries in order: sorting in the browser loads the collation data of
 * the language (tens of milliseconds of the page's hydration). The form itself is the client
 * island (quote-form-island.tsx).
 */
export function QuoteForm({ countries, ...props }: Omit<QuoteFormIslandProps, 'action'>) {
  return <QuoteFormIsland {...props} countries={sortCountries(countries, requestInfo().locale)} action={href('configurator-carrier', props.locale)} />;
}
