'use client';
import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { Link } from 'waku';
import { apiGet } from '../../../api/client';
import { formatMoney } from '../../../lib/format';
import { roundMoney } from '../../../lib/money';
import type { ShipmentDraft } from '../../../lib/schemas/draft';
import type { ParcelPoint, Quote } from '../../../lib/types/quote';
import { href, type PageLocale } from '../../../routes';
import { addToCartEvent, pushAnalytics } from '../../../state/analytics';
import {
  addToCartAtom,
  cartAtom,
  clearCartAtom,
  collectionPointAtom,
  completedStepsAtom,
  completeStepAtom,
  deliveryPointAtom,
  draftAtom,
  orderTokenAtom,
  resetDraftAtom,
  selectedQuoteAtom,
  startDraftAtom,
} from '../../../state/configurator';
import { useT } from '../../i18n/client';

/** GET v1/orders/:token/repeat */
type RepeatedItem = { position: number; shipment: ShipmentDraft; quote: Quote; collectionPoint: ParcelPoint | null; deliveryPoint: ParcelPoint | null; previous_price_vat: number };
type Repeated = { number: string; currency: string; items: RepeatedItem[]; skipped: { position: number; route: { from: string; to: string } }[] };

type Store = ReturnType<typeof useStore>;

/**
 * Each repeated shipment goes into the cart the way the configurator puts one there (a new
 * item with a fresh id, its quote and parcel points); the draft the user was working on is
 * kept. A cart still holding an order that was created but not paid is emptied first: its
 * items are that order's, and the cart would send the user to it and drop the new ones.
 */
function addToCart(store: Store, items: RepeatedItem[]) {
  if (items.length === 0) return;
  if (store.get(orderTokenAtom)) store.set(clearCartAtom);
  const kept = { draft: store.get(draftAtom), quote: store.get(selectedQuoteAtom), collectionPoint: store.get(collectionPointAtom), deliveryPoint: store.get(deliveryPointAtom), steps: store.get(completedStepsAtom) };
  for (const item of items) {
    store.set(startDraftAtom, item.shipment);
    store.set(selectedQuoteAtom, item.quote);
    store.set(collectionPointAtom, item.collectionPoint);
    store.set(deliveryPointAtom, item.deliveryPoint);
    store.set(addToCartAtom);
    pushAnalytics(addToCartEvent(item.shipment, item.quote));
  }
  if (!kept.draft) {
    store.set(resetDraftAtom);
    return;
  }
  store.set(startDraftAtom, kept.draft);
  store.set(selectedQuoteAtom, kept.quote);
  store.set(collectionPointAtom, kept.collectionPoint);
  store.set(deliveryPointAtom, kept.deliveryPoint);
  for (const step of kept.steps) store.set(completeStepAtom, step);
}

/** "Repeat order": the order's shipments into the cart as new items, priced again today (the answer says how the total changed). */
export function RepeatOrder({ token, locale }: { token: string; locale: PageLocale }) {
  const t = useT();
  const store = useStore();
  // mounted, the stored cart is read before anything is added to it
  useAtomValue(cartAtom);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Repeated | null>(null);
  const [failed, setFailed] = useState(false);

  const repeat = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const repeated = await apiGet<Repeated>(`/v1/orders/${encodeURIComponent(token)}/repeat`, { language: locale });
      addToCart(store, repeated.items);
      setResult(repeated);
    } catch (error) {
      console.warn('repeat order failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const money = (value: number, currency: string) => formatMoney(roundMoney(value), currency, locale);
  const now = result?.items.reduce((sum, i) => sum + (i.quote.priceVat?.value ?? 0), 0) ?? 0;
  const before = result?.items.reduce((sum, i) => sum + i.previous_price_vat, 0) ?? 0;
  return (
    <div className="or-repeat" data-testid="repeat-order">
      {result === null ? (
        <button type="button" className="button" onClick={() => void repeat()} disabled={busy} aria-busy={busy}>
          {busy ? <span className="acc-spinner" aria-hidden="true" /> : null}
          {busy ? t('shipments.repeat.busy') : t('shipments.repeat.button')}
        </button>
      ) : null}
      <noscript>
        <p className="muted">{t('shipments.repeat.noscript')}</p>
      </noscript>
      {failed ? (
        <p className="field-error" role="alert">
          {t('shipments.repeat.failed')}
        </p>
      ) : null}
      {result ? (
        <div className="notice or-repeat-result" role="status" data-testid="repeat-result">
          {result.items.length > 0 ? (
            <>
              <p>{t('shipments.repeat.added', { number: result.number, count: result.items.length })}</p>
              <p>{t('shipments.repeat.prices', { now: money(now, result.items[0]!.quote.priceVat?.currency ?? result.currency), before: money(before, result.currency) })}</p>
            </>
          ) : (
            <p>{t('shipments.repeat.nothing')}</p>
          )}
          {result.skipped.map((s) => (
            <p key={s.position}>{t('shipments.repeat.unavailable', { from: s.route.from, to: s.route.to })}</p>
          ))}
          {result.items.length > 0 ? (
            <p>
              <Link to={href('cart', locale)} className="button primary" data-testid="repeat-to-cart">
                {t('shipments.repeat.toCart')}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
