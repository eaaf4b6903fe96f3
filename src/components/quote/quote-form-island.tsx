'use client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'waku';
import { readCookie, SESSION_COOKIE } from '../../lib/cookie-auth';
import type { PackageRow, Place, QuoteFormErrors, QuoteFormModel } from '../../lib/quote-form-rules';
import { QUOTE_QUERY } from '../../lib/quote-query-names';
import { readHasStoredState } from '../../state/cart-count';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { PackageType, Territory } from '../../lib/types/quote';
import type { StateModule } from './quote-form-loaders';
import type { PageLocale } from '../../routes';
import { useLanguage, useT } from '../i18n/client';

// the state, the carrier step's code and the default package load one step removed (see there)
const loaders = () => import('./quote-form-loaders');
const loadCarrierStepCode = (language: string, formats = false) => void loaders().then((m) => m.loadCarrierStepCode(language, formats));

export type QuoteFormIslandProps = {
  locale: PageLocale;
  /** the carrier-choice step's address (from the route table on the server: it stays out of this island) */
  action: string;
  territory: Territory;
  /**
   * each country select's <option> elements as HTML (quote-form.tsx): favourites first, then by
   * name, the first render's country selected. Once hydrated, the select's `value` selects
   * (React sets the DOM options); the props' objects stay, so React never rewrites the options.
   */
  countryOptions: Record<'sender' | 'recipient', { __html: string }>;
  /** preset route of a price-list or carrier page */
  from?: string;
  to?: string;
  /** spec §9: at most 10 packages (passed in, so the page needs no shared module for it) */
  maxPackages: number;
  /** the shipment to change, from the query of the carrier step's "change" link (takes the place of the stored one) */
  initial?: QuoteFormModel | null;
};

type Errors = QuoteFormErrors;
export type { QuoteFormModel };

// spelled out: importing the shared type module would pull a shared chunk into the home page
const PACKAGE_TYPE_NAMES: PackageType[] = ['package', 'envelope', 'tire', 'pallet'];

const emptyRow = (): PackageRow => ({ type: 'package', weight: '', length: '', width: '', height: '' });
const placeOf = (a: Place): Place => ({ country: a.country, zip: a.zip, city: a.city });
const modelOf = (d: ShipmentDraft): QuoteFormModel => ({ sender: placeOf(d.sender), recipient: placeOf(d.recipient), content: d.content.map((p) => ({ ...p })) });
const QUERY_NAME = { weight: QUOTE_QUERY.weight, length: QUOTE_QUERY.length, width: QUOTE_QUERY.width, height: QUOTE_QUERY.height } as const;
const MEASURES = Object.keys(QUERY_NAME) as (keyof typeof QUERY_NAME)[];

/**
 * The quote form (home, price-list and carrier pages). Without JavaScript it is a plain
 * GET form to the carrier-choice step, which compares on the server; with JavaScript it
 * keeps what was typed in the persisted draft and opens the streamed comparison.
 */
export function QuoteFormIsland({ locale, action, territory, countryOptions, from, to, maxPackages, initial }: QuoteFormIslandProps) {
  const t = useT();
  // the page's language for the API (Slovak and Spanish pages link to cs paths)
  const language = useLanguage(locale);
  const router = useRouter();
  const state = useRef<Promise<StateModule> | null>(null);
  const ensureState = () => (state.current ??= loaders().then((m) => m.loadState()));
  const prepared = useRef(false);
  /**
   * The first focus or pointer over the form readies what "Compare prices" needs, so the first
   * price shows soon after the click: the state and stream code, the carrier step's server
   * payload (prefetched once; the navigation takes it) and its client code (the comparison,
   * the configurator's step navigation).
   */
  const prepare = () => {
    void ensureState();
    if (prepared.current) return;
    prepared.current = true;
    router.prefetch(action);
    loadCarrierStepCode(language, true);
  };
  const home = territory === 'sk' ? 'sk' : 'cz';
  const [draft, setDraft] = useState<QuoteFormModel>(() => initial ?? {
    sender: { country: from ?? home, zip: '', city: '' },
    recipient: { country: to ?? home, zip: '', city: '' },
    content: [emptyRow()],
  });
  const [errors, setErrors] = useState<Errors>({});

  // what the visitor typed before (persisted) comes back once the state is loaded, unless this page presets a route
  useEffect(() => {
    let cancelled = false;
    const restore = () =>
      void ensureState().then(({ store, state: s }) => {
        loadCarrierStepCode(language);
        const stored = store.get(s.draftAtom);
        if (!cancelled && stored && !from && !to && !initial) setDraft(modelOf(stored));
        // nothing typed before: a signed-in user's default package (settings) fills the first row
        else if (!cancelled && !stored && readCookie(document.cookie, SESSION_COOKIE)) void applyDefaultPackage();
      });
    const applyDefaultPackage = async () => {
      const row = await loaders().then((m) => m.defaultPackageRow());
      if (cancelled || !row) return;
      // only while the first row is still untouched
      setDraft((d) => (d.content.length === 1 && Object.values(d.content[0]!).every((v) => v === '' || v === 'package') ? { ...d, content: [row] } : d));
    };
    // nothing to restore (no stored state, no session, no complete form from the address): the
    // form's first focus or pointer loads the state and the carrier step's code (prepare), as a
    // visitor must type into an empty form before comparing. Loading them when idle anyway was
    // 5 tasks of 14-28 ms unthrottled after every first visit's load (blocking time at 4x).
    if (!initial && !readHasStoredState() && !readCookie(document.cookie, SESSION_COOKIE)) return;
    const idle = window.requestIdleCallback?.(restore, { timeout: 2000 }) ?? window.setTimeout(restore, 200);
    return () => {
      cancelled = true;
      window.cancelIdleCallback?.(idle);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from, to]);

  const setSide = (side: 'sender' | 'recipient', patch: Partial<Place>) =>
    setDraft((d) => ({ ...d, [side]: { ...d[side], ...patch } }));
  /** a postcode and town typed for another country go (src/lib/quote-form-rules.ts placeAfterCountryChange) */
  const changeCountry = (name: 'sender' | 'recipient', country: string) => {
    const before = draft[name].country;
    if (country === before) return;
    setSide(name, { country });
    setErrors(({ [`${name}.country`]: _country, [`${name}.zip`]: _zip, ...rest }) => rest);
    void ensureState().then(({ validators, rules }) =>
      setDraft((d) => (d[name].country === country ? { ...d, [name]: rules.placeAfterCountryChange(d[name], before, validators.isValidZip) } : d)),
    );
  };
  const setPackage = (i: number, patch: Partial<PackageRow>) =>
    setDraft((d) => ({ ...d, content: d.content.map((p, j) => (j === i ? { ...p, ...patch } : p)) }));

  // after "Compare prices": the streamed comparison in the form's place until the carrier step's route comes
  const [Comparison, setComparison] = useState<Awaited<ReturnType<StateModule['submit']>>>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void ensureState().then((m) => m.submit(draft, territory, language, setErrors)?.then((shown) => setComparison(() => shown)));
  };

  const err = (key: string) =>
    errors[key] ? (
      <p className="field-error" id={`qf-${key.replace(/\./g, '-')}-error`}>
        {t(errors[key]!)}
      </p>
    ) : null;
  const invalid = (key: string) => (errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `qf-${key.replace(/\./g, '-')}-error` } : {});

  const side = (name: 'sender' | 'recipient', q: { country: string; zip: string; city: string }) => (
    <fieldset className="qf-side">
      <legend>{t(name === 'sender' ? 'quote.from' : 'quote.to')}</legend>
      <label htmlFor={`qf-${name}-country`}>{t('quote.country')}</label>
      <div className="qf-country">
        <select
          id={`qf-${name}-country`}
          name={q.country}
          value={draft[name].country}
          onChange={(e) => changeCountry(name, e.target.value)}
          {...invalid(`${name}.country`)}
          dangerouslySetInnerHTML={countryOptions[name]}
        />
      </div>
      {err(`${name}.country`)}
      <div className="qf-row">
        <div>
          <label htmlFor={`qf-${name}-zip`}>{t('quote.zip')}</label>
          <input id={`qf-${name}-zip`} name={q.zip} inputMode="numeric" autoComplete="postal-code" value={draft[name].zip} placeholder={t('quote.optional')} onChange={(e) => setSide(name, { zip: e.target.value })} {...invalid(`${name}.zip`)} />
          {err(`${name}.zip`)}
        </div>
        <div>
          <label htmlFor={`qf-${name}-city`}>{t('quote.city')}</label>
          <input id={`qf-${name}-city`} name={q.city} autoComplete="address-level2" value={draft[name].city} placeholder={t('quote.optional')} onChange={(e) => setSide(name, { city: e.target.value })} />
        </div>
      </div>
    </fieldset>
  );

  if (Comparison) return <Comparison action={action} locale={locale} />;
  return (
    <form className="quote-form" method="get" action={action} noValidate onSubmit={onSubmit} onFocus={prepare} onPointerEnter={prepare} data-testid="quote-form">
      <div className="qf-route">
        {side('sender', { country: QUOTE_QUERY.fromCountry, zip: QUOTE_QUERY.fromZip, city: QUOTE_QUERY.fromCity })}
        {side('recipient', { country: QUOTE_QUERY.toCountry, zip: QUOTE_QUERY.toZip, city: QUOTE_QUERY.toCity })}
      </div>
      <fieldset className="qf-packages">
        <legend>{t('quote.packages')}</legend>
        {draft.content.map((pkg, i) => (
          <div className="qf-package" key={i} data-testid={`package-${i}`}>
            <div>
              <label htmlFor={`qf-content-${i}-type`}>{t('quote.packageType')}</label>
              <select id={`qf-content-${i}-type`} name={QUOTE_QUERY.type} value={pkg.type} onChange={(e) => setPackage(i, { type: e.target.value as PackageType })}>
                {PACKAGE_TYPE_NAMES.map((type) => (
                  <option key={type} value={type}>
                    {t(`quote.type.${type}`)}
                  </option>
                ))}
              </select>
            </div>
            {MEASURES.map((m) => (
              <div key={m}>
                <label htmlFor={`qf-content-${i}-${m}`}>{t(`quote.${m}`)}</label>
                <input
                  id={`qf-content-${i}-${m}`}
                  name={QUERY_NAME[m]}
                  inputMode="decimal"
                  value={pkg[m]}
                  placeholder={m === 'weight' ? '0,5' : '10'}
                  onChange={(e) => setPackage(i, { [m]: e.target.value })}
                  onWheel={(e) => e.currentTarget.blur()}
                  {...invalid(`content.${i}.${m}`)}
                />
                {err(`content.${i}.${m}`)}
              </div>
            ))}
            {draft.content.length > 1 && (
              <button type="button" className="button link" onClick={() => setDraft((d) => ({ ...d, content: d.content.filter((_, j) => j !== i) }))} aria-label={t('quote.removePackage', { n: i + 1 })}>
                ×
              </button>
            )}
          </div>
        ))}
        {draft.content.length < maxPackages && (
          <button type="button" className="button" onClick={() => setDraft((d) => ({ ...d, content: [...d.content, emptyRow()] }))}>
            {t('quote.addPackage')}
          </button>
        )}
      </fieldset>
      <button type="submit" className="button primary big" data-testid="quote-submit">
        {t('quote.submit')}
      </button>
    </form>
  );
}
