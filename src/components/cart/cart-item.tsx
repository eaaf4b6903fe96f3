'use client';
import { addressDisplayName } from '../../lib/address';
import { formatNumber, NBSP } from '../../lib/format';
import { routeTypeLabels, handoverOf } from '../../lib/quote-rules';
import type { ParcelPoint } from '../../lib/types/quote';
import { totalWeight } from '../../state/analytics';
import type { CartItem } from '../../state/persisted-state';
import { useT } from '../i18n/client';
import { CarrierMark } from '../ui/carrier-mark';
import {
  moneyText,
  packageGroups,
  parcelPointAddress,
  pickupLabel,
  placeLabel,
  serviceAmounts,
  serviceLabel,
  singlePackageDimensions,
} from './cart-lines';

type Props = {
  item: CartItem;
  index: number;
  locale: string;
  onEdit: () => void;
  onRemove: () => void;
};

function Party({ label, address, locale }: { label: string; address: CartItem['shipment']['sender']; locale: string }) {
  const name = addressDisplayName(address);
  return (
    <div className="cart-party">
      <span className="cart-label">{label}</span>
      {name && <strong>{name}</strong>}
      <span>{placeLabel(address, locale)}</span>
    </div>
  );
}

function PointDetail({ label, point }: { label: string; point: ParcelPoint }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <strong>{point.name}</strong>
        <br />
        {parcelPointAddress(point)}
      </dd>
    </div>
  );
}

export function CartItemCard({ item, index, locale, onEdit, onRemove }: Props) {
  const t = useT();
  const { shipment, quote, collectionPoint, deliveryPoint } = item;
  const service = serviceLabel(quote);
  const dimensions = singlePackageDimensions(shipment.content, locale);
  const packages = [
    packageGroups(shipment.content)
      .map(({ type, count }) => `${count}× ${t(`cart.packageType.${type}`)}`)
      .join(', '),
    `${formatNumber(totalWeight(shipment.content), locale)}${NBSP}kg`,
    dimensions,
  ].filter(Boolean);
  const pickup = pickupLabel(shipment, quote, locale);
  // a courier picks the parcel up (a pickup date), or the sender hands it in at a drop-off point
  const handIn = handoverOf(quote, Boolean(collectionPoint)) === 'handIn';
  const services = serviceAmounts(shipment, quote, locale);
  const titleId = `cart-item-${item.cartId}`;

  return (
    <li className="cart-item" data-testid="cart-item" aria-labelledby={titleId}>
      <div className="cart-item-head">
        <div>
          <h3 id={titleId} className="cart-item-title">
            <span className="cart-sr-only">{t('cart.item', { index })}: </span>
            <CarrierMark code={quote.carrier.code} size="small" />
            {quote.carrier.name}
            {service && <span className="cart-item-service"> · {service}</span>}
          </h3>
          <ul className="cart-item-tags">
            {routeTypeLabels(quote).map((label) => (
              <li key={label} className="tag">
                {t(`cart.routeType.${label}`)}
              </li>
            ))}
          </ul>
        </div>
        <p className="cart-item-price" data-testid="cart-item-price">
          <strong>{t('cart.priceVat', { price: moneyText(quote.priceVat, locale) })}</strong>
          <span className="muted">{t('cart.priceNoVat', { price: moneyText(quote.price, locale) })}</span>
        </p>
      </div>

      <div className="cart-route">
        <Party label={t('cart.from')} address={shipment.sender} locale={locale} />
        <span className="cart-route-arrow" aria-hidden="true">
          →
        </span>
        <Party label={t('cart.to')} address={shipment.recipient} locale={locale} />
      </div>

      <dl className="cart-item-details">
        <div>
          <dt>{t('cart.packages')}</dt>
          <dd>{packages.join(' · ')}</dd>
        </div>
        {pickup && (
          <div>
            <dt>{t(handIn ? 'cart.handInDate' : 'cart.pickupDate')}</dt>
            <dd>{pickup}</dd>
          </div>
        )}
        {services.length > 0 && (
          <div>
            <dt>{t('cart.services')}</dt>
            <dd>{services.map(({ code, amount }) => t(`cart.service.${code}`, { amount })).join(' · ')}</dd>
          </div>
        )}
      </dl>

      {(collectionPoint || deliveryPoint) && (
        <dl className="cart-item-points">
          {collectionPoint && <PointDetail label={t('cart.collectionPoint')} point={collectionPoint} />}
          {deliveryPoint && <PointDetail label={t('cart.deliveryPoint')} point={deliveryPoint} />}
        </dl>
      )}

      <div className="cart-item-actions">
        <button type="button" className="button" onClick={onEdit} aria-describedby={titleId}>
          {t('cart.edit')}
        </button>
        <button type="button" className="button cart-remove" onClick={onRemove} aria-describedby={titleId} data-testid="cart-remove">
          {t('cart.remove')}
        </button>
      </div>
    </li>
  );
}
