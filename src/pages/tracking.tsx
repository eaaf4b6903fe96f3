import { TrackingPage } from '../components/tracking/tracking-page';
import type { PageProps } from './types';

/** /sledovani-zasilek: the form; ?id=… (the form without JavaScript) shows that parcel */
export function TrackingFormPage({ locale, query }: PageProps<'tracking'>) {
  const id = new URLSearchParams(query).get('id')?.trim();
  return <TrackingPage locale={locale} id={id || undefined} />;
}

/** /sledovani-zasilek/:id: the public answer */
export function TrackingResultPage({ locale, params }: PageProps<'tracking-result'>) {
  return <TrackingPage locale={locale} id={params.id} />;
}

/** /sledovani-zasilek/:id/:token: the recipient's link (their recipient token): with the people and the place, no order links */
export function TrackingResultTokenPage({ locale, params }: PageProps<'tracking-result-token'>) {
  return <TrackingPage locale={locale} id={params.id} token={params.token} />;
}
