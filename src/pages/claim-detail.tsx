import { ClaimDetailPage as Detail } from '../components/claims/claim-detail';
import type { PageProps } from './types';

/** /reklamace/:token = /en/claim/:token (issue 11): the claim's page, its token the capability */
export function ClaimDetailPage({ locale, params }: PageProps<'claim-detail'>) {
  return <Detail locale={locale} token={params.token} />;
}
