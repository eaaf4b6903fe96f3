import { requestInfo } from '../../request';
import { href } from '../../routes';
import { QuoteFormIsland, type QuoteFormIslandProps } from './quote-form-island';

export type { QuoteFormModel } from './quote-form-island';
export type CountryOption = { code: string; name: string; favourite: boolean };

const collators = new Map<string, Intl.Collator>();
/** favourites first, then by name in the page's language */
function sortCountries(countries: CountryOption[], language: string): CountryOption[] {
  let collator = collators.get(language);
  if (!collator) collators.set(language, (collator = new Intl.Collator(language)));
  return [...countries].sort((a, b) => Number(b.favourite) - Number(a.favourite) || collator.compare(a.name, b.name));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** a country select's <option> elements as HTML, in order, `selected` its country */
export const countryOptionsHtml = (countries: CountryOption[], selected: string) =>
  countries.map((c) => `<option value="${escapeHtml(c.code)}"${c.code === selected ? ' selected' : ''}>${escapeHtml(c.name)}</option>`).join('');

/**
 * The quote form (home, price-list, carrier and parcel-point pages). The server part gives the
 * island the carrier step's address, so the route table is not part of the home page's
 * JavaScript, and the countries in order: sorting in the browser loads the collation data of
 * the language (tens of milliseconds of the page's hydration). They go as each select's HTML
 * with the island's first country selected (issue 29, Lighthouse): two lists of 241 options
 * were 482 of the home page's 852 elements, each one a React element to render and a fiber to
 * hydrate; as HTML React hydrates the two <select>s alone. The form itself is the client island
 * (quote-form-island.tsx).
 */
export function QuoteForm({ countries, ...props }: Omit<QuoteFormIslandProps, 'action' | 'countryOptions'> & { countries: CountryOption[] }) {
  const sorted = sortCountries(countries, requestInfo().locale);
  // the island's first draft (quote-form-island.tsx): the shipment to change, else the page's route, else home
  const home = props.territory === 'sk' ? 'sk' : 'cz';
  const options = (country: string) => ({ __html: countryOptionsHtml(sorted, country) });
  const countryOptions = { sender: options(props.initial?.sender.country ?? props.from ?? home), recipient: options(props.initial?.recipient.country ?? props.to ?? home) };
  return <QuoteFormIsland {...props} countryOptions={countryOptions} action={href('configurator-carrier', props.locale)} />;
}
