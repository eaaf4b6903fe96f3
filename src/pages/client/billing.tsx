import { apiCall } from '../../api/server';
import { Balances, LedgerTable } from '../../components/client/billing/credit-views';
import { InvoiceFilter, InvoiceTable, PaymentOutcome } from '../../components/client/billing/invoice-table';
import { money, Pager, withQuery } from '../../components/client/billing/parts';
import { TopUpForm } from '../../components/client/billing/top-up-form';
import { TopUpState } from '../../components/client/billing/top-up-state';
import type { BillingSummary, InvoiceList, InvoicePaymentState, Ledger, TopUp } from '../../components/client/billing/types';
import { ClientPage, clientHref, versionOf } from '../../components/client/section';
import { MessagesProvider } from '../../components/i18n/client';
import { linkLocale } from '../../components/layout/layouts';
import { pickMessages, translator, type Translate } from '../../i18n';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../lib/schemas/billing';
import { requestInfo } from '../../request';
import { decodeCursor } from '../../lib/paging';
import { href } from '../../routes';
import type { PageProps } from '../types';

/**
 * Billing of the client section (issue 12, spec §2.7): the invoices (v1 klient-faktury, v2
 * klient-v2-faktury) with their status, PDF and payment; the credit with its history
 * (klient-kredit) and its top-up (klient-kredit-dobit). Lists and states are rendered on the
 * server and work without JavaScript; paying and topping up are islands.
 */

const ISLAND = ['billing.', 'validation.'];
const INVOICES_PAGE_SIZE = 20;

type T = Translate & ((id: string, values?: Record<string, string | number>) => string);
const tr = (t: Translate) => t as T;

/** ?page= of a list, 1 when missing or not a page number */
const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

const LoadFailed = ({ t }: { t: T }) => (
  <p className="notice" role="alert">
    {t('billing.error.load')}
  </p>
);

/** klient-faktury and klient-v2-faktury */
export async function InvoicesPage({ id, locale, query }: PageProps<'klient-faktury'> | PageProps<'klient-v2-faktury'>) {
  const t = tr(translator(locale));
  const l = linkLocale(locale);
  const version = versionOf(id);
  const path = clientHref('invoices', version, l);
  const params = new URLSearchParams(query);
  const statusParam = params.get('status') ?? '';
  const status = (INVOICE_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as InvoiceStatus) : undefined;
  const page = pageOf(params);
  // ?after= of the next link (the API's keyset cursor: the closed years' invoices follow on these pages); a bad one falls back to ?page=
  const afterParam = params.get('after')?.trim() ?? '';
  const after = decodeCursor(afterParam) ? afterParam : null;
  const returned = params.get('invoice');
  const [list, summary, outcome] = await Promise.all([
    apiCall<InvoiceList>('POST', withQuery('/v2/user/invoice/list', { limit: INVOICES_PAGE_SIZE, ...(after ? { after } : { offset: (page - 1) * INVOICES_PAGE_SIZE }) }) as `/v2/${string}`, status ? { status } : {}),
    apiCall<BillingSummary>('GET', '/v1/credit/summary'),
    returned ? apiCall<InvoicePaymentState>('GET', `/v1/invoices/${encodeURIComponent(returned.slice(0, 100))}/payment`) : null,
  ]);
  const balances = summary.ok ? summary.data.balances : [];
  const balanceIn = (currency: string) => balances.find((b) => b.currency === currency)?.amount ?? 0;
  const pages = list.ok ? Math.ceil(list.data.total / INVOICES_PAGE_SIZE) : 0;

  return (
    <ClientPage id={id} locale={locale}>
      <MessagesProvider messages={pickMessages(locale, ISLAND)}>
        <p className="muted bl-intro">{t('billing.invoices.intro')}</p>
        {outcome?.ok && (outcome.data.state === 'paid' || outcome.data.payment) && <PaymentOutcome state={outcome.data} t={t} />}
        <div className="bl-row">
          <InvoiceFilter action={path} status={status} t={t} />
          {balances.length > 0 && (
            <p data-testid="invoice-credit">
              {t('billing.invoices.credit', { amounts: balances.map((b) => money(b.amount, b.currency, l)).join(', ') })} ·{' '}
              <a href={href('klient-kredit', l)}>{t('billing.invoices.creditLink')}</a>
            </p>
          )}
        </div>
        {!list.ok ? (
          <LoadFailed t={t} />
        ) : list.data.invoices.length === 0 ? (
          <p className="bl-empty muted" data-testid="invoices-empty">
            {status ? t('billing.invoices.emptyFiltered') : t('billing.invoices.empty')}
          </p>
        ) : (
          <>
            <p className="muted">{t('billing.invoices.count', { total: list.data.total })}</p>
            <noscript>
              <p className="notice">{t('billing.invoices.noscript')}</p>
            </noscript>
            <InvoiceTable invoices={list.data.invoices} balanceIn={balanceIn} locale={l} version={version} path={path} t={t} />
            <Pager page={page} pages={pages} hrefOf={(p) => withQuery(path, { status, page: p, after: p === page + 1 ? (list.data.next ?? undefined) : undefined })} t={t} />
          </>
        )}
      </MessagesProvider>
    </ClientPage>
  );
}

/** klient-kredit: the balances, the history, the way to top up */
export async function CreditPage({ id, locale, query }: PageProps<'klient-kredit'>) {
  const t = tr(translator(locale));
  const l = linkLocale(locale);
  const page = pageOf(new URLSearchParams(query));
  const ledger = await apiCall<Ledger>('GET', `/v1/credit?page=${page}`);
  const path = href('klient-kredit', l);
  return (
    <ClientPage
      id={id}
      locale={locale}
      actions={
        <a className="button primary" href={href('klient-kredit-dobit', l)} data-testid="top-up-link">
          {t('billing.credit.topUp')}
        </a>
      }
    >
      <p className="muted bl-intro">{t('billing.credit.intro')}</p>
      {!ledger.ok ? (
        <LoadFailed t={t} />
      ) : (
        <>
          <Balances balances={ledger.data.balances} locale={l} t={t} />
          <h2 className="bl-section-title">{t('billing.credit.ledger')}</h2>
          <LedgerTable entries={ledger.data.entries} locale={l} t={t} />
          <Pager page={page} pages={ledger.data.pages} hrefOf={(p) => withQuery(path, { page: p })} t={t} />
        </>
      )}
    </ClientPage>
  );
}

/** klient-kredit-dobit: the form, or the state of the top-up of ?topup=… */
export async function CreditTopUpPage({ id, locale, query }: PageProps<'klient-kredit-dobit'>) {
  const t = tr(translator(locale));
  const l = linkLocale(locale);
  const path = href('klient-kredit-dobit', l);
  const token = new URLSearchParams(query).get('topup');
  const [topUp, methods] = await Promise.all([
    token ? apiCall<TopUp>('GET', `/v1/credit/top-up/${encodeURIComponent(token.slice(0, 100))}`) : null,
    token ? null : apiCall<{ id: string }[]>('GET', '/v1/payment/methods'),
  ]);
  return (
    <ClientPage id={id} locale={locale}>
      <MessagesProvider messages={pickMessages(locale, ISLAND)}>
        {topUp ? (
          topUp.ok ? (
            <TopUpState topUp={topUp.data} path={path} locale={l} t={t} />
          ) : (
            <>
              <p className="notice" role="alert">
                {topUp.status === 404 ? t('billing.topUp.notFound') : t('billing.error.load')}
              </p>
              <p>
                <a className="button" href={path}>
                  {t('billing.topUp.again')}
                </a>
              </p>
            </>
          )
        ) : (
          <>
            <p className="muted bl-intro">{t('billing.topUp.intro')}</p>
            <noscript>
              <p className="notice">{t('billing.topUp.noscript')}</p>
            </noscript>
            <TopUpForm locale={l} path={path} currency={requestInfo().territory === 'sk' ? 'EUR' : 'CZK'} cardAvailable={methods?.ok === true && methods.data.some((m) => m.id === 'card')} />
          </>
        )}
      </MessagesProvider>
    </ClientPage>
  );
}
