'use client';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, useRouter } from 'waku';
import { addressDisplayName } from '../../lib/address';
import { needsPickupDate, parcelPointDisplayName, priceBreakdown } from '../../lib/configurator-form';
import { codShown, isUsableRefresh, pickupDateDropReason, requiresCustoms } from '../../lib/configurator-rules';
import { formatMoney, formatWeekdayDate } from '../../lib/format';
import type { AddressForm } from '../../lib/schemas/address';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { ParcelPoint, QuoteProblem } from '../../lib/types/quote';
import { displayZip, parseDecimal } from '../../lib/validators';
import { countryName } from '../cart/cart-lines';
import { href, type PageLocale } from '../../routes';
import { addToCartEvent, pushAnalytics } from '../../state/analytics';
import {
  addToCartAtom,
  canAddToCartAtom,
  collectionPointAtom,
  deliveryPointAtom,
  draftAtom,
  refreshSelectedQuoteAtom,
  selectedQuoteAtom,
} from '../../state/configurator';
import { hideLoaderAtom, showLoaderAtom } from '../../state/loader';
import { useT } from '../i18n/client';
import { packageMeasures } from '../quote/comparison-notes';
import { fetchQuoteDetail } from './api';
import { StepGate, stepHref } from './step-gate';
import { intlLocaleOf } from './step-layout';
import { serviceNameBeside } from '../../lib/quote-rules';

type Props = { locale: PageLocale };

/** Step 'summary': everything entered, the price confirmed by the origin and its breakdown, and 'Add to cart'. */
export function SummaryStep(props: Props) {
  return (
    <StepGate step="summary" locale={props.locale}>
      <Summary {...props} />
    </StepGate>
  );
}

type T = ReturnType<typeof useT>;

function Summary({ locale }: Props) {
  const t = useT();
  const router = useRouter();
  const draft = useAtomValue(draftAtom)!;
  const quote = useAtomValue(selectedQuoteAtom)!;
  const collectionPoint = useAtomValue(collectionPointAtom);
  const deliveryPoint = useAtomValue(deliveryPointAtom);
  const canAddToCart = useAtomValue(canAddToCartAtom);
  const refreshQuote = useSetAtom(refreshSelectedQuoteAtom);
  const addToCart = useSetAtom(addToCartAtom);
  const showLoader = useSetAtom(showLoaderAtom);
  const hideLoader = useSetAtom(hideLoaderAtom);
  const [problems, setProblems] = useState<QuoteProblem[]>([]);
  const [checked, setChecked] = useState(false);
  const started = useRef(false);
  const intl = intlLocaleOf(locale);

  // the price is confirmed once per visit; a failure keeps the quote chosen before
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const abort = new AbortController();
    showLoader({ text: t('configurator.summary.checking') });
    fetchQuoteDetail(draft, { quote, collectionPoint, deliveryPoint }, locale, abort.signal)
      .then((fresh) => {
        setProblems([...fresh.errors, ...fresh.restrictions]);
        if (isUsableRefresh(fresh)) refreshQuote(fresh);
      })
      .catch(() => console.log('Unable to fetch quote detail'))
      .finally(() => {
        hideLoader();
        setChecked(true);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const add = () => {
    if (addToCart() === null) return;
    pushAnalytics(addToCartEvent(draft, quote));
    router.push(href('cart', locale));
  };

  const money = (value: number, currency: string) => formatMoney(value, currency, intl);
  // a courier pickup booked for a day that has passed (spec §5) is chosen again on the sender step
  const stalePickup = needsPickupDate(quote) && (!draft.pickupDate || pickupDateDropReason(draft.pickupDate, quote, new Date()) !== null);
  const breakdown = priceBreakdown(quote);
  const { cod, ins, hdf } = draft.services;
  const codAmount = parseDecimal(cod.data.value);
  const codCollected = codAmount === null ? null : codShown({ ...cod.data, value: codAmount }, quote);
  const customs = requiresCustoms(quote) ? draft.customsClearance : null;
  const edit = (step: 'sender' | 'recipient' | 'customs') => (
    <Link to={stepHref(step, locale)} className="cfg-edit">
      {t('configurator.summary.edit')}
    </Link>
  );

  return (
    <div className="cfg-layout cfg-summary">
      <div className="cfg-form">
        {stalePickup && (
          <div className="cfg-alert" role="alert" data-testid="stale-pickup">
            <p>{t('configurator.summary.stalePickup')}</p>
            {edit('sender')}
          </div>
        )}
        {problems.length > 0 && (
          <div className="cfg-alert" role="alert" data-testid="quote-problems">
            <p>{t('configurator.summary.problems')}</p>
            <ul>
              {problems.map((problem) => (
                <li key={`${problem.code}-${problem.field ?? ''}`}>{problem.message}</li>
              ))}
            </ul>
          </div>
        )}

        <section className="cfg-card">
          <h2>{t('configurator.summary.shipment')}</h2>
          <ul className="cfg-packages">
            {draft.content.map((item, index) => (
              <li key={index}>
                {/* the §5 defaults taken for empty measures are marked as assumed (issue 14 item 7) */}
                {`${t(`configurator.package.${item.type}`)} · ${packageMeasures(item, intl, t)}`}
              </li>
            ))}
          </ul>
        </section>

        <div className="cfg-summary-grid">
          <section className="cfg-card" data-testid="summary-sender">
            <div className="cfg-card-head">
              <h2>{t('configurator.step.sender')}</h2>
              {edit('sender')}
            </div>
            <AddressBlock address={draft.sender} locale={intl} />
            {collectionPoint && <PointBlock label={t('configurator.summary.collectionPoint')} point={collectionPoint} />}
            {needsPickupDate(quote) && draft.pickupDate && (
              <p>
                <span className="cfg-hint">{t('configurator.pickup.title')}: </span>
                {`${formatWeekdayDate(draft.pickupDate, intl)}${draft.pickupTime ? `, ${draft.pickupTime.replace(' - ', '–')}` : ''}`}
              </p>
            )}
          </section>
          <section className="cfg-card" data-testid="summary-recipient">
            <div className="cfg-card-head">
              <h2>{t('configurator.step.recipient')}</h2>
              {edit('recipient')}
            </div>
            <AddressBlock address={draft.recipient} locale={intl} />
            {deliveryPoint && <PointBlock label={t('configurator.summary.deliveryPoint')} point={deliveryPoint} />}
          </section>
        </div>

        <section className="cfg-card" data-testid="summary-services">
          <div className="cfg-card-head">
            <h2>{t('configurator.services.title')}</h2>
            {edit('recipient')}
          </div>
          <dl className="cfg-dl">
            {cod.active && codCollected !== null && (
              <>
                <dt>{t('configurator.services.cod')}</dt>
                <dd>
                  <span data-testid="summary-cod">{money(codCollected.value, codCollected.currency)}{codCollected.shippingPending && ` + ${t('configurator.services.codShipping')}`}</span>
                  <span className="cfg-hint">{` · ${cod.data.bankAccount.accountNumber}${cod.data.bankAccount.bankCode ? `/${cod.data.bankAccount.bankCode}` : ''}${cod.data.bankAccount.variable ? ` · VS ${cod.data.bankAccount.variable}` : ''}`}</span>
                </dd>
              </>
            )}
            {ins.active && (
              <>
                <dt>{t('configurator.services.ins')}</dt>
                <dd>{money(parseDecimal(ins.data.value) ?? 0, ins.data.currency || quote.limits.insurance.currency)}</dd>
              </>
            )}
            {hdf.active && (
              <>
                <dt>{t('configurator.services.hdf')}</dt>
                <dd>✓</dd>
              </>
            )}
            {!cod.active && !ins.active && !hdf.active && (
              <>
                <dt>{t('configurator.services.title')}</dt>
                <dd>{t('configurator.summary.none')}</dd>
              </>
            )}
            {draft.reference && (
              <>
                <dt>{t('configurator.more.reference')}</dt>
                <dd>{draft.reference}</dd>
              </>
            )}
            {draft.note && (
              <>
                <dt>{t('configurator.more.note')}</dt>
                <dd>{draft.note}</dd>
              </>
            )}
          </dl>
        </section>

        {customs && <CustomsBlock t={t} customs={customs} money={money} edit={edit('customs')} locale={intl} />}
      </div>

      <aside className="cfg-aside cfg-price" aria-labelledby="cfg-price-title" data-testid="price-breakdown">
        <h2 id="cfg-price-title">{t('configurator.price.title')}</h2>
        <p className="cfg-aside-carrier">
          <strong>{quote.carrier.name}</strong>
          {serviceNameBeside(quote.carrier.name, quote.serviceName) && <span>{quote.serviceName}</span>}
        </p>
        <table>
          <tbody>
            {breakdown.lines.map((line) => (
              <tr key={line.code}>
                <th scope="row">{t(`configurator.charge.${line.code}`)}</th>
                <td>{money(line.amount.value, line.amount.currency)}</td>
              </tr>
            ))}
            {breakdown.total && (
              <tr className="cfg-subtotal">
                <th scope="row">{t('configurator.price.withoutVat')}</th>
                <td>{money(breakdown.total.value, breakdown.total.currency)}</td>
              </tr>
            )}
            {breakdown.vat && (
              <tr>
                <th scope="row">{t('configurator.charge.vat')}</th>
                <td>{money(breakdown.vat.value, breakdown.vat.currency)}</td>
              </tr>
            )}
          </tbody>
          {breakdown.totalVat && (
            <tfoot>
              <tr>
                <th scope="row">{t('configurator.price.total')}</th>
                <td data-testid="total-vat">{money(breakdown.totalVat.value, breakdown.totalVat.currency)}</td>
              </tr>
            </tfoot>
          )}
        </table>
        {!canAddToCart && <p className="cfg-hint">{t('configurator.summary.incomplete')}</p>}
        <button
          type="button"
          className="button primary cfg-submit"
          data-testid="add-to-cart"
          disabled={!canAddToCart || !checked || problems.length > 0 || stalePickup}
          onClick={add}
        >
          {t('configurator.summary.addToCart')}
        </button>
      </aside>
    </div>
  );
}

function AddressBlock({ address, locale }: { address: AddressForm; locale: string }) {
  const phone = address.phoneNumber.number ? `${address.phoneNumber.prefix} ${address.phoneNumber.number}`.trim() : '';
  return (
    <address className="cfg-address-block">
      <strong>{addressDisplayName(address) || '—'}</strong>
      {address.street && <span>{address.street}</span>}
      {/* '120 00 Praha, Czechia': the country by name, as the cart shows it */}
      <span>{`${displayZip(address.zip, address.country)} ${address.city}, ${countryName(address.country, locale)}`}</span>
      {phone && <span>{phone}</span>}
      {address.email && <span>{address.email}</span>}
    </address>
  );
}

function PointBlock({ label, point }: { label: string; point: ParcelPoint }) {
  return (
    <p className="cfg-point-block">
      <span className="cfg-hint">{label}: </span>
      {parcelPointDisplayName(point)}
    </p>
  );
}

function CustomsBlock({ t, customs, money, edit, locale }: { t: T; customs: NonNullable<ShipmentDraft['customsClearance']>; money: (value: number, currency: string) => string; edit: React.ReactNode; locale: string }) {
  const total = customs.items.reduce((sum, item) => sum + (parseDecimal(item.value) ?? 0), 0);
  return (
    <section className="cfg-card" data-testid="summary-customs">
      <div className="cfg-card-head">
        <h2>{t('configurator.step.customs')}</h2>
        {edit}
      </div>
      <dl className="cfg-dl">
        <dt>{t('configurator.customs.reason')}</dt>
        <dd>{t(`configurator.customs.reason.${customs.reason}`)}</dd>
        <dt>{t('configurator.customs.items')}</dt>
        <dd>
          <ul className="cfg-packages">
            {customs.items.map((item, index) => (
              <li key={index}>{`${item.quantity} × ${item.name} (${item.country ? countryName(item.country, locale) : '—'}${item.hsCode ? `, HS ${item.hsCode}` : ''})`}</li>
            ))}
          </ul>
          {t('configurator.summary.customsTotal', { amount: money(total, customs.currency) })}
        </dd>
        {customs.eori && (
          <>
            <dt>{t('configurator.customs.eori')}</dt>
            <dd>{customs.eori}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

