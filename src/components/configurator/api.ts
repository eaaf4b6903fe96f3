'use client';
import { useEffect, useState } from 'react';
import { apiGet, apiPost } from '../../api/client';
import { draftToQuoteRequest } from '../../lib/quote-request';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { ParcelPoint, Quote } from '../../lib/types/quote';
import type { PageLocale } from '../../routes';

/** Calls of the configurator steps (spec §7). */

export type Country = {
  code: string;
  name: string;
  favourite: boolean;
  banned: boolean;
  phone_prefix: string | null;
  currency: string | null;
};

const countryLists = new Map<PageLocale, Promise<Country[]>>();

/** v1/country/all in the user's language, fetched once per page load. */
export function useCountries(locale: PageLocale): Country[] {
  const [countries, setCountries] = useState<Country[]>([]);
  useEffect(() => {
    let list = countryLists.get(locale);
    if (!list) {
      list = apiGet<Country[]>('/v1/country/all', { language: locale });
      countryLists.set(locale, list);
      list.catch(() => countryLists.delete(locale));
    }
    let live = true;
    list.then((result) => live && setCountries(result)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [locale]);
  return countries;
}

export type Selection = { quote: Quote; collectionPoint: ParcelPoint | null; deliveryPoint: ParcelPoint | null };

/** POST v2/quote/detail: the selected service priced completely for the draft as it is now. */
export function fetchQuoteDetail(draft: ShipmentDraft, selection: Selection, locale: PageLocale, signal?: AbortSignal): Promise<Quote> {
  const { quote, collectionPoint, deliveryPoint } = selection;
  const request = draftToQuoteRequest(draft, { complete: true, serviceId: quote.serviceId, collectionPoint, deliveryPoint });
  return apiPost<Quote>('/v2/quote/detail', { ...request, service_group_id: quote.serviceId, type: quote.type }, { language: locale, signal });
}
