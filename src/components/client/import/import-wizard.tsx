'use client';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiPost, ApiClientError } from '../../../api/client';
import { mapInSlices, yieldToBrowser } from '../../../lib/csv-import/chunks';
import { countriesOf, type CountryInfo } from '../../../lib/csv-import/country';
import { mappingFor, rememberMapping, type ColumnMapping, type RememberedMapping } from '../../../lib/csv-import/mapping';
import { checkRow, type ExtraCells, type RowContext } from '../../../lib/csv-import/rows';
import { formatMoney } from '../../../lib/format';
import { roundMoney } from '../../../lib/money';
import type { AddressForm } from '../../../lib/schemas/address';
import type { ImportPriceAnswer, PriceStrategy } from '../../../lib/schemas/import';
import type { CodAccount } from '../../../lib/schemas/services';
import type { Territory } from '../../../lib/types/quote';
import { href, type PageLocale } from '../../../routes';
import { addItemsToCartAtom, cartAtom } from '../../../state/configurator';
import { useT } from '../../i18n/client';
import { CodAccountPrompt, codAccountText } from './cod-account';
import { MappingForm } from './mapping-form';
import { priceInBatches } from './pricing';
import { statusOf, type ImportRowState } from './row-state';
import { RowsView } from './rows-view';
import { readSession, writeSession } from './session';
import { SourceForm, type ImportSource } from './source-form';
import './import.css';

export type ImportSetup = {
  locale: PageLocale;
  territory: Territory;
  /** the user's default sender, or null */
  defaultSender: AddressForm | null;
  /** the default sender in one line */
  senderText: string | null;
  /** the account's default COD account, or null (the import asks for one when a COD row has none) */
  defaultCodAccount: CodAccount | null;
  remembered: RememberedMapping;
  countries: CountryInfo[];
  carriers: { code: string; name: string }[];
  /** shipments one order takes (POST v1/orders) */
  maxOrderItems: number;
  /** the address book of the page's client-section version */
  addressBookHref: string;
};

type Stage = 'source' | 'mapping' | 'rows';
type Progress = { kind: 'checking' | 'pricing'; done: number; total: number };

function ProgressBar({ progress }: { progress: Progress }) {
  const t = useT();
  const text = t(`import.progress.${progress.kind}`, { done: progress.done, total: progress.total });
  return (
    <div className="imp-progress" role="status" data-testid="import-progress">
      <progress max={progress.total} value={progress.done} aria-label={text} />
      <span>{text}</span>
    </div>
  );
}

async function putMapping(columns: RememberedMapping): Promise<void> {
  const res = await fetch('/api/v1/import/mapping', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ columns }) });
  if (!res.ok) throw new Error(`mapping not stored: ${res.status}`);
}

/**
 * The CSV import (issue 12 item 7): a file or pasted rows → the columns mapped to fields
 * (remembered per user) → every row checked with the configurator's schemas, in chunks
 * with a progress bar → fixes in place → the valid rows priced in batches → the priced
 * rows into the cart as one order. The import survives a trip to the cart in the tab's
 * session storage, so the rows an order could not take wait for the next one.
 */
export function ImportWizard(setup: ImportSetup) {
  const t = useT();
  const { locale } = setup;
  const cart = useAtomValue(cartAtom);
  const addToCart = useSetAtom(addItemsToCartAtom);
  const [codAccount, setCodAccount] = useState(setup.defaultCodAccount);
  const countries = useMemo(() => countriesOf(setup.countries), [setup.countries]);
  const contextWith = (account: CodAccount | null): RowContext => ({ territory: setup.territory, defaultSender: setup.defaultSender, countries, defaultCodAccount: account });
  const context = useMemo(() => contextWith(codAccount), [setup.territory, setup.defaultSender, countries, codAccount]);

  const [stage, setStage] = useState<Stage>('source');
  const [source, setSource] = useState<ImportSource | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [remembered, setRemembered] = useState(setup.remembered);
  const [rows, setRows] = useState<ImportRowState[]>([]);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [strategy, setStrategy] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error' | 'info'; text: string } | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const keep = (next: ImportRowState[], from = source, columns = mapping) =>
    writeSession(from ? { name: from.name, encoding: from.encoding, delimiter: from.delimiter, headers: from.headers, mapping: columns, rows: next.map(({ line, cells, extra, inCart }) => ({ line, cells, extra, inCart })) } : null);

  type Kept = { inCart: boolean; extra: ExtraCells };
  const checkAll = async (from: ImportSource, columns: ColumnMapping, kept: Map<number, Kept> = new Map(), ctx = context) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ kind: 'checking', done: 0, total: from.rows.length });
    try {
      const checked = await mapInSlices(
        from.rows,
        (row): ImportRowState => {
          const { inCart = false, extra = {} } = kept.get(row.line) ?? {};
          return { line: row.line, cells: row.cells, extra, check: checkRow(row.cells, columns, ctx, extra), price: null, inCart };
        },
        { pause: yieldToBrowser, onProgress: (done, total) => setProgress({ kind: 'checking', done, total }), signal: controller.signal },
      );
      setRows(checked);
      setStage('rows');
      keep(checked, from, columns);
      requestAnimationFrame(() => heading.current?.focus());
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
    } finally {
      if (abort.current === controller) setProgress(null);
    }
  };

  // an import left for the cart comes back (prices are asked for again)
  useEffect(() => {
    const session = readSession();
    if (!session || session.rows.length === 0) return;
    const { name, encoding, delimiter, headers } = session;
    const restored: ImportSource = { name, encoding, delimiter, headers, rows: session.rows.map(({ line, cells }) => ({ line, cells })) };
    const kept = new Map(session.rows.map((r) => [r.line, { inCart: r.inCart, extra: r.extra }]));
    setSource(restored);
    setMapping(session.mapping);
    setMessage({ kind: 'info', text: t('import.restored', { name: session.name }) });
    void checkAll(restored, session.mapping, kept);
    return () => abort.current?.abort();
  }, []);

  const restart = () => {
    abort.current?.abort();
    writeSession(null);
    setStage('source');
    setSource(null);
    setRows([]);
    setMessage(null);
    setAdded(null);
  };

  const confirmMapping = () => {
    if (!source) return;
    const next = rememberMapping(source.headers, mapping, remembered);
    setRemembered(next);
    putMapping(next).catch((error: unknown) => console.warn('import mapping not remembered', error));
    void checkAll(source, mapping);
  };

  const saveRow = (index: number, cells: string[], extra: ExtraCells): boolean => {
    const check = checkRow(cells, mapping, context, extra);
    const next = rows.map((row, i) => (i === index ? { ...row, cells, extra, check, price: null } : row));
    setRows(next);
    keep(next);
    return check.errors.length === 0;
  };

  // the account asked for once: every row is checked again with it (the rows as edited)
  const applyCodAccount = async (account: CodAccount) => {
    if (!source) return;
    setCodAccount(account);
    const edited: ImportSource = { ...source, rows: rows.map(({ line, cells }) => ({ line, cells })) };
    await checkAll(edited, mapping, new Map(rows.map((row) => [row.line, { inCart: row.inCart, extra: row.extra }])), contextWith(account));
  };
  const codMissing = rows.filter((row) => !row.inCart && row.check.codAccountMissing).length;

  const toPrice = rows.flatMap((row, index) => (row.check.errors.length === 0 && !row.inCart && row.price?.status !== 'priced' ? [{ index, request: row.check.request }] : []));
  const priced = rows.flatMap((row) => (!row.inCart && row.price?.status === 'priced' ? [{ row, quote: row.price.quote }] : []));

  const price = async () => {
    const chosen: PriceStrategy = strategy === '' ? 'cheapest' : { carrier: strategy };
    const controller = new AbortController();
    abort.current = controller;
    setMessage(null);
    setAdded(null);
    setProgress({ kind: 'pricing', done: 0, total: toPrice.length });
    try {
      await priceInBatches(
        toPrice,
        chosen,
        (body, signal) => apiPost<{ rows: ImportPriceAnswer[] }>('/v1/import/price', body, { signal, language: locale }),
        (answers, done, total) => {
          const byIndex = new Map(answers.map((answer) => [answer.index, answer]));
          setRows((old) => old.map((row, i) => (byIndex.has(i) ? { ...row, price: byIndex.get(i)! } : row)));
          setProgress({ kind: 'pricing', done, total });
        },
        controller.signal,
      );
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        setMessage({ kind: 'error', text: t('import.error.api', { message: error instanceof ApiClientError ? error.message : String(error) }) });
      }
    } finally {
      if (abort.current === controller) setProgress(null);
    }
  };

  const room = Math.max(0, setup.maxOrderItems - cart.items.length);
  const toCart = priced.slice(0, room);
  const total = priced.reduce((sum, { quote }) => sum + (quote.priceVat?.value ?? 0), 0);
  const currency = priced[0]?.quote.priceVat?.currency;

  const putInCart = () => {
    if (toCart.length === 0) return;
    addToCart(toCart.map(({ row, quote }) => ({ shipment: row.check.draft, quote, collectionPoint: null, deliveryPoint: null })));
    const lines = new Set(toCart.map(({ row }) => row.line));
    const next = rows.map((row) => (lines.has(row.line) ? { ...row, inCart: true } : row));
    setRows(next);
    keep(next);
    setAdded(toCart.length);
  };

  const statuses = rows.map(statusOf);
  const errors = statuses.filter((s) => s === 'error').length;

  return (
    <div className="imp" data-testid="import" data-stage={stage}>
      {message && (
        <p className={`imp-message imp-message-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {progress && stage !== 'rows' && <ProgressBar progress={progress} />}

      {stage === 'source' && !progress && (
        <SourceForm
          locale={locale}
          onRead={(read) => {
            setSource(read);
            setMapping(mappingFor(read.headers, remembered));
            setMessage(null);
            setStage('mapping');
          }}
        />
      )}

      {stage === 'mapping' && source && !progress && (
        <MappingForm source={source} mapping={mapping} onChange={setMapping} onConfirm={confirmMapping} onBack={restart} senderText={setup.senderText} addressBookHref={setup.addressBookHref} />
      )}

      {stage === 'rows' && source && (
        <section className="imp-card" aria-labelledby="imp-rows-title" data-testid="import-rows">
          <div className="imp-rows-head">
            <h2 id="imp-rows-title" ref={heading} tabIndex={-1}>
              {t('import.rows.title', { name: source.name })}
            </h2>
            <button type="button" className="button imp-small" onClick={restart} disabled={progress?.kind === 'pricing'}>
              {t('import.restart')}
            </button>
          </div>
          <p data-testid="import-summary">{t('import.rows.summary', { total: rows.length, ok: rows.length - errors, errors })}</p>
          {codMissing > 0 && !codAccount && <CodAccountPrompt count={codMissing} locale={locale} disabled={progress !== null} onUse={applyCodAccount} />}
          {codAccount && rows.some((row) => row.check.defaultCodAccount) && (
            <p className="muted" data-testid="import-cod-default">
              {t('import.codAccount.used', { account: codAccountText(codAccount) })}
            </p>
          )}

          <div className="imp-price-bar">
            <div className="imp-field">
              <label htmlFor="imp-strategy">{t('import.price.strategy')}</label>
              <select
                id="imp-strategy"
                value={strategy}
                disabled={progress !== null}
                data-testid="import-strategy"
                onChange={(e) => {
                  // prices of the other strategy no longer apply
                  setStrategy(e.target.value);
                  setRows((old) => old.map((row) => (row.inCart ? row : { ...row, price: null })));
                  setAdded(null);
                }}
              >
                <option value="">{t('import.price.cheapest')}</option>
                {setup.carriers.map((carrier) => (
                  <option key={carrier.code} value={carrier.code}>
                    {carrier.name}
                  </option>
                ))}
              </select>
              <p className="muted imp-hint">{t('import.price.hint')}</p>
            </div>
            <button type="button" className="button primary" disabled={toPrice.length === 0 || progress !== null} onClick={() => void price()} data-testid="import-price">
              {t('import.price.button', { count: toPrice.length })}
            </button>
          </div>

          {progress && <ProgressBar progress={progress} />}

          {priced.length > 0 && currency && (
            <div className="imp-cart-bar" data-testid="import-cart-bar">
              <p>{t('import.price.total', { count: priced.length, total: formatMoney(roundMoney(total), currency, locale) })}</p>
              {cart.orderToken ? (
                <p className="imp-problem">
                  {t('import.cart.unpaid')} <a href={href('order', locale, { token: cart.orderToken })}>{t('import.cart.unpaidLink')}</a>
                </p>
              ) : (
                <>
                  {room === 0 ? (
                    <p className="notice" data-testid="import-cart-full">
                      {t('import.cart.full', { max: setup.maxOrderItems })} <a href={href('cart', locale)}>{t('import.cart.go')}</a>
                    </p>
                  ) : (
                    <>
                      {priced.length > room && <p className="notice">{t('import.cart.limit', { max: setup.maxOrderItems, inCart: cart.items.length, count: toCart.length })}</p>}
                      <button type="button" className="button primary" disabled={progress !== null} onClick={putInCart} data-testid="import-add">
                        {t('import.cart.button', { count: toCart.length })}
                      </button>
                    </>
                  )}
                </>
              )}
            </div>
          )}
          {added !== null && (
            <p className="imp-message imp-message-ok" role="status" data-testid="import-added">
              {t('import.cart.done', { count: added })} <a href={href('cart', locale)}>{t('import.cart.go')}</a>
            </p>
          )}

          <RowsView rows={rows} headers={source.headers} mapping={mapping} locale={locale} locked={progress !== null} onSave={saveRow} />
        </section>
      )}
    </div>
  );
}
