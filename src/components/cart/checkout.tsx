'use client';
import { useSetAtom } from 'jotai';
import { handoverOf } from '../../lib/quote-rules';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'waku';
import { ApiClientError, apiGet, apiPost } from '../../api/client';
import { formatDay, formatMoney } from '../../lib/format';
import { serverErrors, type FormErrors } from '../../lib/form-errors';
import type { BasicProfile } from '../../lib/types/user';
import { href, type PageLocale } from '../../routes';
import { checkoutEvent, purchaseEvent, pushAnalytics } from '../../state/analytics';
import { orderTokenAtom } from '../../state/configurator';
import type { CartItem } from '../../state/persisted-state';
import { useT } from '../i18n/client';
import { orderItemsOf } from './order-items';
import { placeLabel, serviceLabel } from './cart-lines';
import { pricedSums, PriceSums, type ShownSums } from './price-sums';

type Method = { id: 'bank_transfer' | 'card' | 'credit'; name: string; description: string; sandbox?: boolean; balance?: number; currency?: string };
type Priced = {
  currency: string;
  list_total_vat: number;
  total: number;
  vat: number;
  rounding: number;
  total_vat: number;
  total_vat_minor: number;
  discount: number;
  discount_code: string | null;
  items: { position: number; list_price: number; list_price_vat: number; price: number; price_vat: number; pickup_date: string | null; pickup_window: string | null }[];
};
type CreatedOrder = { token: string; number: string; total_vat: number; currency: string; payment: { method: string; status: string; redirect_url: string | null } };
type PayerType = 'person' | 'company' | 'account';

const FIRST_ORDER_KEY = 'zslt_first_order';
const newKey = () => `co-${crypto.randomUUID()}`;

/**
 * The checkout (issue 10): contact e-mail, payer, payment method, discount code and terms,
 * with every item priced once more by the server. A price that differs from what the cart
 * showed is shown and must be confirmed; the order is sent with an Idempotency-Key that
 * stays the same while the request does, so a retry after a network failure cannot order
 * twice.
 */
export function Checkout({
  locale,
  items,
  cartTotalVat,
  onPriced,
  onClose,
}: {
  locale: PageLocale;
  items: CartItem[];
  cartTotalVat: number;
  /** every pricing by the server, for the cart's panel to show the same sums */
  onPriced?: (sums: ShownSums) => void;
  onClose: () => void;
}) {
  const t = useT();
  const router = useRouter();
  const setOrderToken = useSetAtom(orderTokenAtom);
  const [profile, setProfile] = useState<BasicProfile | null>(null);
  /** the payer choice waits for the account (a contract account starts on its contract): nothing flips under the cursor */
  const [profileKnown, setProfileKnown] = useState(false);
  const [methods, setMethods] = useState<Method[] | null>(null);
  const [priced, setPriced] = useState<Priced | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [email, setEmail] = useState(items[0]?.shipment.sender.email ?? '');
  const [payerType, setPayerType] = useState<PayerType>('person');
  const [company, setCompany] = useState('');
  const [ico, setIco] = useState('');
  const [dic, setDic] = useState('');
  const [icDph, setIcDph] = useState('');
  const [method, setMethod] = useState<Method['id']>('bank_transfer');
  const [code, setCode] = useState('');
  const [appliedCode, setAppliedCode] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [itemProblems, setItemProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmedTotal, setConfirmedTotal] = useState<number>(Math.round(cartTotalVat * 100));
  const keyRef = useRef<{ body: string; key: string } | null>(null);
  const orderItems = orderItemsOf(items);
  const payerCountry = items[0]?.shipment.sender.country === 'sk' ? 'sk' : 'cz';
  /** on the contract: billed on the contract customer's monthly invoice, nothing to pay now */
  const onContract = payerType === 'account';
  /**
   * A Slovak VAT payer is reverse-charged (docs/vat.md): the price asks with its IČ DPH, as the
   * order will; on the contract the server prices with the account's own tax ids.
   */
  const vatPayer = onContract
    ? { type: payerType, country: payerCountry }
    : payerType === 'company' && payerCountry === 'sk' && icDph.trim() !== ''
      ? { type: payerType, company, ico, dic, ic_dph: icDph, country: payerCountry }
      : undefined;
  const payerKey = (payer: typeof vatPayer) => (payer ? `${payer.type}:${'ic_dph' in payer ? payer.ic_dph : ''}` : '');

  const pricedFor = useRef('');
  const pricing = useRef(0);
  const price = async (discountCode: string, payer = vatPayer) => {
    pricedFor.current = payerKey(payer);
    // only the latest pricing is shown (the first one may answer after the payer changed)
    const call = ++pricing.current;
    try {
      const result = await apiPost<Priced>('/v1/orders/price', { items: orderItems, discount_code: discountCode, ...(payer ? { payer } : {}) }, { language: locale });
      if (call !== pricing.current) return null;
      setPriced(result);
      onPriced?.(pricedSums(result));
      setLoadError(null);
      return result;
    } catch (error) {
      if (call !== pricing.current) return null;
      if (error instanceof ApiClientError && error.status === 400) {
        const fields = serverErrors(error.errors);
        if (fields.discount_code) {
          setErrors((e) => ({ ...e, discount_code: fields.discount_code! }));
          return null;
        }
        const payerFields = Object.keys(fields).filter((f) => f.startsWith('payer.'));
        if (payerFields.length) {
          setErrors((e) => ({ ...e, ...Object.fromEntries(payerFields.map((f) => [f, fields[f]!])) }));
          return null;
        }
        setItemProblems(error.errors.filter((e) => e.field.startsWith('items')).map((e) => e.message));
      }
      setLoadError(t('checkout.priceFailed'));
      return null;
    }
  };

  useEffect(() => {
    // the form is loaded on the cart's checkout button: in view once it is there
    requestAnimationFrame(() => document.getElementById('checkout-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    pushAnalytics(checkoutEvent(items, 2));
    void apiGet<BasicProfile>('/v1/user/profile?basic=1', { language: locale })
      .then((p) => {
        setProfile(p);
        if (p.email) setEmail((current) => current || p.email);
        if (p.has_contract) setPayerType('account');
      })
      .catch(() => setProfile(null))
      .finally(() => setProfileKnown(true));
    void apiGet<Method[]>('/v1/payment/methods', { language: locale })
      .then(setMethods)
      .catch(() => setMethods([]));
    void price('');
  }, []);

  const priceChanged = priced !== null && priced.total_vat_minor !== confirmedTotal && !priced.discount_code;

  /** the IČ DPH given or taken back: the total with or without VAT, shown before the order is placed */
  const repriceForPayer = async () => {
    setErrors(({ 'payer.ic_dph': _, 'payer.dic': __, ...rest }) => rest);
    const result = await price(appliedCode);
    if (result) setConfirmedTotal(result.total_vat_minor);
  };

  // back to a person or another country's payer: the total with VAT again
  useEffect(() => {
    if (pricedFor.current !== payerKey(vatPayer)) void repriceForPayer();
  }, [payerType]);

  const applyCode = async () => {
    setErrors(({ discount_code: _, ...rest }) => rest);
    const result = await price(code.trim());
    if (result) {
      setAppliedCode(result.discount_code ?? '');
      setConfirmedTotal(result.total_vat_minor);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!priced || busy) return;
    const local: FormErrors = {};
    if (!terms) local.terms = 'checkout.termsRequired';
    if (!email.trim()) local.email = 'validation.required';
    if (payerType === 'company' && !company.trim()) local['payer.company'] = 'validation.required';
    if (payerType === 'company' && !ico.trim()) local['payer.ico'] = 'validation.required';
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = {
      items: orderItems,
      payment_method: onContract ? 'invoice' : method,
      payer: { type: payerType, company, ico, dic, ...(payerType === 'company' && payerCountry === 'sk' ? { ic_dph: icDph } : {}), country: payerCountry },
      email: email.trim(),
      discount_code: appliedCode,
      terms: true,
      language: locale,
      expected_total_vat: priced.total_vat_minor,
    };
    const text = JSON.stringify(body);
    if (keyRef.current?.body !== text) keyRef.current = { body: text, key: newKey() };
    setBusy(true);
    setFailure(null);
    try {
      const res = await fetch('/api/v1/orders', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': keyRef.current.key, language: locale }, body: text });
      const json = (await res.json().catch(() => null)) as { data?: CreatedOrder; errors?: { field: string; code: string; message: string }[]; message?: string } | null;
      if (res.status === 201 && json?.data) {
        const order = json.data;
        setOrderToken(order.token);
        pushAnalytics(purchaseEvent(items, { id: order.number, revenue: order.total_vat, currency: order.currency }));
        if (!localStorage.getItem(FIRST_ORDER_KEY)) {
          localStorage.setItem(FIRST_ORDER_KEY, order.number);
          pushAnalytics({ event: 'orderFirst', orderId: order.number });
        }
        if (order.payment.method === 'card' && order.payment.redirect_url) window.location.assign(order.payment.redirect_url);
        else void router.push(href('order', locale, { token: order.token }));
        return;
      }
      const changed = res.status === 409 && json?.errors?.find((e) => e.code === 'PRICE_CHANGED');
      if (changed) {
        const fresh = await price(appliedCode);
        if (fresh) setFailure(t('checkout.priceChangedRetry'));
      } else if (res.status === 400 && json?.errors) {
        const fields = serverErrors(json.errors);
        setErrors(fields.terms ? { ...fields, terms: 'checkout.termsRequired' } : fields);
        setItemProblems(json.errors.filter((e) => e.field.startsWith('items')).map((e) => e.message));
        setFailure(t('checkout.fixErrors'));
      } else if (res.status === 409) setFailure(t('checkout.inProgress'));
      else setFailure(t('checkout.failed'));
    } catch {
      // the network failed: the same key replays the order if it was taken
      setFailure(t('checkout.networkFailed'));
    } finally {
      setBusy(false);
    }
  };

  const money = (value: number, currency = priced?.currency ?? 'CZK') => formatMoney(value, currency, locale);
  const fieldError = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`co-${name}-error`}>
        {t(errors[name] as never)}
      </p>
    ) : null;
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `co-${name}-error` } : {});

  return (
    <form method="post" className="checkout" onSubmit={submit} noValidate data-testid="checkout" aria-labelledby="checkout-title">
      <div className="checkout-head">
        <h2 id="checkout-title">{t('checkout.title')}</h2>
        <button type="button" className="link-button" onClick={onClose}>
          {t('checkout.back')}
        </button>
      </div>

      <section aria-labelledby="co-items">
        <h3 id="co-items">{t('checkout.items')}</h3>
        {loadError && <p className="notice notice-error">{loadError}</p>}
        {itemProblems.length > 0 && (
          <ul className="notice notice-error" data-testid="checkout-item-problems">
            {itemProblems.map((p, i) => (
              <li key={i}>{p.startsWith('validation.') ? t(p as never) : p}</li>
            ))}
          </ul>
        )}
        <ol className="checkout-items">
          {items.map((item, index) => {
            const line = priced?.items.find((i) => i.position === index);
            const pickup = line?.pickup_date ?? item.quote.timeInTransit.pickupDate;
            return (
              <li key={item.cartId}>
                <span>
                  <strong>{item.quote.carrier.name}</strong> {serviceLabel(item.quote)}
                  <br />
                  <span className="muted">
                    {placeLabel(item.shipment.sender, locale)} → {placeLabel(item.shipment.recipient, locale)}
                  </span>
                  <br />
                  <span className="muted">
                    {pickup
                      ? handoverOf(item.quote, Boolean(item.collectionPoint)) === 'pickup'
                        ? t('checkout.pickup', { date: formatDay(pickup, locale), window: line?.pickup_window ?? item.quote.timeInTransit.pickupWindow ?? '' })
                        : t('checkout.handIn', { date: formatDay(pickup, locale) })
                      : ''}
                  </span>
                </span>
                <span className="checkout-price">
                  {/* the list price: the discount is a line of its own under the items */}
                  <span data-testid="checkout-item-price">{line ? money(line.list_price_vat) : item.quote.priceVat ? money(item.quote.priceVat.value, item.quote.priceVat.currency) : '—'}</span>
                  <small className="muted">{line ? t('checkout.withoutVat', { price: money(line.list_price) }) : ''}</small>
                </span>
              </li>
            );
          })}
        </ol>
        {priceChanged && (
          <p className="notice notice-warning" role="alert" data-testid="checkout-price-changed">
            {t('checkout.priceChanged', { before: money(confirmedTotal / 100), after: money(priced.total_vat) })}
          </p>
        )}
      </section>

      <section aria-labelledby="co-contact">
        <h3 id="co-contact">{t('checkout.contact')}</h3>
        <div className="co-field">
          <label htmlFor="co-email">{t('checkout.email')}</label>
          <input id="co-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} {...invalid('email')} data-testid="checkout-email" />
          {fieldError('email')}
          <p className="muted small">{t('checkout.emailHelp')}</p>
        </div>
      </section>

      <fieldset className="checkout-choice">
        <legend>{t('checkout.payer')}</legend>
        {!profileKnown && <p className="muted" data-testid="checkout-payer-loading">{t('checkout.loadingPayer')}</p>}
        {(profileKnown ? (['person', 'company', ...(profile?.has_contract ? (['account'] as const) : [])] as PayerType[]) : []).map((type) => (
          <label key={type} className="checkout-option">
            <input type="radio" name="payer" value={type} checked={payerType === type} onChange={() => setPayerType(type)} />
            <span>{t(`checkout.payer.${type}` as never)}</span>
          </label>
        ))}
        {payerType === 'company' && (
          <div className="checkout-company">
            <div className="co-field">
              <label htmlFor="co-company">{t('checkout.company')}</label>
              <input id="co-company" value={company} autoComplete="organization" onChange={(e) => setCompany(e.target.value)} {...invalid('payer.company')} />
              {fieldError('payer.company')}
            </div>
            <div className="co-field">
              <label htmlFor="co-ico">{t('checkout.ico')}</label>
              <input id="co-ico" value={ico} inputMode="numeric" onChange={(e) => setIco(e.target.value)} {...invalid('payer.ico')} />
              {fieldError('payer.ico')}
            </div>
            <div className="co-field">
              <label htmlFor="co-dic">{t('checkout.dic')}</label>
              <input id="co-dic" value={dic} onChange={(e) => setDic(e.target.value)} {...invalid('payer.dic')} />
              {fieldError('payer.dic')}
            </div>
            {payerCountry === 'sk' && (
              <div className="co-field">
                <label htmlFor="co-icdph">{t('checkout.icDph')}</label>
                <input
                  id="co-icdph"
                  value={icDph}
                  autoComplete="off"
                  onChange={(e) => setIcDph(e.target.value)}
                  onBlur={() => void repriceForPayer()}
                  {...invalid('payer.ic_dph')}
                  data-testid="checkout-icdph"
                />
                {fieldError('payer.ic_dph')}
                <p className="muted small">{t('checkout.icDphHint')}</p>
              </div>
            )}
          </div>
        )}
      </fieldset>

      {onContract ? (
        <section aria-labelledby="co-contract" data-testid="checkout-contract">
          <h3 id="co-contract">{t('checkout.method')}</h3>
          <p className="notice">{t('checkout.contractBilling')}</p>
          {fieldError('payment_method')}
        </section>
      ) : (
        <fieldset className="checkout-choice" data-testid="checkout-methods">
          <legend>{t('checkout.method')}</legend>
          {methods === null && <p className="muted">{t('checkout.loadingMethods')}</p>}
          {methods?.map((m) => (
            <label key={m.id} className="checkout-option">
              <input type="radio" name="method" value={m.id} checked={method === m.id} onChange={() => setMethod(m.id)} data-testid={`checkout-method-${m.id}`} />
              <span>
                <strong>{m.name}</strong>
                {m.sandbox && <span className="sandbox-tag">SANDBOX</span>}
                <br />
                <span className="muted small">
                  {m.description}
                  {m.balance !== undefined && m.currency ? ` ${t('checkout.balance', { amount: money(m.balance, m.currency) })}` : ''}
                </span>
              </span>
            </label>
          ))}
          {fieldError('payment_method')}
        </fieldset>
      )}

      <section aria-labelledby="co-discount">
        <h3 id="co-discount">{t('checkout.discount')}</h3>
        <div className="co-input-action">
          <input aria-label={t('checkout.discount')} value={code} onChange={(e) => setCode(e.target.value)} {...invalid('discount_code')} data-testid="checkout-discount" />
          <button type="button" className="button" onClick={() => void applyCode()} disabled={!code.trim()} data-testid="checkout-apply">
            {t('checkout.apply')}
          </button>
        </div>
        {fieldError('discount_code')}
        {appliedCode && priced?.discount ? <p className="notice">{t('checkout.discountApplied', { code: appliedCode, amount: money(priced.discount) })}</p> : null}
      </section>

      {priced && <PriceSums sums={pricedSums(priced)} locale={locale} className="checkout-totals" ids={{ list: 'checkout-subtotal-vat', discount: 'checkout-discount-line', total: 'checkout-total', base: 'checkout-total-no-vat' }} />}

      <label className="co-check">
        <input type="checkbox" checked={terms} onChange={(e) => {
            setTerms(e.target.checked);
            if (e.target.checked) setErrors(({ terms: _, ...rest }) => rest);
          }} {...invalid('terms')} data-testid="checkout-terms" />
        <span>
          {t('checkout.terms.before')}{' '}
          <a href={href('terms', locale)} target="_blank" rel="noreferrer">
            {t('checkout.terms.link')}
          </a>
          {/* the consumer's express request to start before the withdrawal period ends (terms, section 10) */}
          {t('checkout.terms.after')}
        </span>
      </label>
      {fieldError('terms')}

      {failure && (
        <p className="notice notice-error" role="alert" data-testid="checkout-failure">
          {failure}
        </p>
      )}
      <button type="submit" className="button primary cart-checkout" disabled={busy || !priced} data-testid="checkout-submit">
        {busy ? t('checkout.sending') : priceChanged ? t('checkout.confirmNewPrice') : method === 'card' && !onContract ? t('checkout.payCard') : t('checkout.order')}
      </button>
    </form>
  );
}
