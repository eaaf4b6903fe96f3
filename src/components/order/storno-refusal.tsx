import { href, type PageLocale } from '../../routes';

/**
 * Why a shipment can no longer be cancelled, with the ways that remain: a change request
 * and a claim (links carry the order's token, the orderer's capability). Rendered by the
 * order page and by the cancel button when the server refuses.
 */
export function StornoRefusal({
  refusal,
  tracking,
  token,
  locale,
  t,
}: {
  refusal: 'with_carrier' | 'past_cutoff';
  tracking: string;
  token: string;
  locale: PageLocale;
  t: (id: 'order.storno.with_carrier' | 'order.storno.past_cutoff' | 'order.storno.options' | 'order.storno.change' | 'order.storno.claim') => string;
}) {
  return (
    <div className="notice order-storno-refused" role="status" data-testid="shipment-storno-refused" data-refusal={refusal}>
      <p>
        {t(`order.storno.${refusal}`)} {t('order.storno.options')}
      </p>
      <ul className="link-list">
        <li>
          <a href={href('change-request-detail', locale, { trackingNumber: tracking, token })} data-testid="shipment-change-request">
            {t('order.storno.change')}
          </a>
        </li>
        <li>
          <a href={`${href('claim', locale)}?id=${encodeURIComponent(tracking)}&token=${encodeURIComponent(token)}`} data-testid="shipment-claim">
            {t('order.storno.claim')}
          </a>
        </li>
      </ul>
    </div>
  );
}
