import { ClaimsPage } from '../components/claims/claims-page';
import type { PageProps } from './types';

/** /reklamace = /en/claim (spec §2.1, issue 11); ?id=IZ…&token=… (from the tracking page) prefills step 1 */
export function ClaimPage({ locale, query }: PageProps<'claim'>) {
  return <ClaimsPage locale={locale} query={query} />;
}
