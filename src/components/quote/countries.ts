import { apiGetOptional } from '../../api/server';
import type { CountryOption } from './quote-form';

type Country = { code: string; name: string; favourite: boolean; banned: boolean };

/** the countries a quote form offers: banned ones hidden (spec §3), names in the request language */
export async function quoteCountries(): Promise<CountryOption[]> {
  const all = (await apiGetOptional<Country[]>('/v1/country/all')) ?? [];
  return all.filter((c) => !c.banned).map(({ code, name, favourite }) => ({ code, name, favourite }));
}
