import { apiCall } from '../api/server';
import { linkLocale } from '../components/layout/layouts';
import { countryName, MissingDocument } from '../components/order/order-parts';
import { PrintButton } from '../components/order/print-button';
import type { InvoicePageData } from '../components/order/types';
import { translator, type Translate } from '../i18n';
import { formatDate, formatMoney, formatNumber } from '../lib/format';
import { href, type PageLocale } from '../routes';
import type { PageProps } from './types';
import '../components/order/order.css';
import { displayIban, displayZip } from '../lib/validators';

async function loadInvoice(token: string): Promise<InvoicePageData | null> {
  const res = await apiCall<InvoicePageData>('GET', `/v1/invoices/${encodeURIComponent(token)}`);
  if (res.ok) return res.data;
  if (res.status === 404 || res.status === 400) return null;
  throw new Error(`invoice ${res.status}`);
}

type Party = { name: string; company?: string; street?: string; city?: string; zip?: string; country: string; ico?: string; dic?: string; email?: string };

function PartyBlock({ title, party, locale, t, testId }: { title: string; party: Party; locale: PageLocale; t: Translate; testId: string }) {
  const cityLine = [party.zip ? displayZip(party.zip, party.country) : '', party.city].filter(Boolean).join(' ');
  return (
    <section className="invoice-party" data-testid={testId} aria-label={title}>
      <h2>{title}</h2>
      <address>
        {party.company && <strong>{party.company}</strong>}
        {party.company ? <span>{party.name}</span> : <strong>{party.name}</strong>}
        {party.street && <span>{party.street}</span>}
        {cityLine && <span>{cityLine}</span>}
        <span>{countryName(party.country, locale)}</span>
      </address>
      <dl className="invoice-ids">
        {party.ico && (
          <div>
            <dt>{t('invoice.ico')}</dt>
            <dd>{party.ico}</dd>
          </div>
        )}
        {party.dic && (
          <div>
            <dt>{t('invoice.dic')}</dt>
            <dd>{party.dic}</dd>
          </div>
        )}
        {party.email && (
          <div>
            <dt>{t('invoice.email')}</dt>
            <dd>{party.email}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** /faktura/:token: the invoice as a printable page (layout 'empty'), labels in the page's language */
export async function InvoicePage({ locale, params }: PageProps<'invoice'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const invoice = await loadInvoice(params.token);
  if (!invoice) return <MissingDocument title={t('invoice.notFound.title')} text={t('invoice.notFound.text')} locale={l} t={t} />;

  const money = (minor: number) => formatMoney(minor / 100, invoice.currency, l);
  const rate = (r: number) => `${formatNumber(r, l)}\u00A0%`;
  const { supplier, customer, totals } = invoice;
  // the stored note is in the order's language: on a page in another language our own words stand in
  const note = invoice.language === l ? invoice.note : invoice.paid ? null : t('invoice.due');
  return (
    <article className="invoice-page" data-route="invoice">
      <title>{`${t('invoice.title', { number: invoice.number })} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <div className="invoice-toolbar">
        {invoice.order_token && <a href={href('order', l, { token: invoice.order_token })}>{t('invoice.backToOrder')}</a>}
        <span className="invoice-toolbar-actions">
          <a className="button primary" href={invoice.pdf_url} target="_blank" rel="noopener" data-testid="invoice-pdf">
            {t('invoice.pdf')}
          </a>
          <PrintButton label={t('invoice.print')} />
        </span>
      </div>

      <header className="invoice-head">
        <h1 data-testid="invoice-number">{t('invoice.heading', { number: invoice.number })}</h1>
        {invoice.paid && (
          <p className="invoice-paid" data-testid="invoice-paid">
            {t('invoice.paid')}
          </p>
        )}
      </header>

      <div className="invoice-parties">
        <PartyBlock title={t('invoice.supplier')} party={supplier} locale={l} t={t} testId="invoice-supplier" />
        <PartyBlock title={t('invoice.customer')} party={customer} locale={l} t={t} testId="invoice-customer" />
      </div>

      <dl className="invoice-facts">
        <div>
          <dt>{t('invoice.number')}</dt>
          <dd>{invoice.number}</dd>
        </div>
        <div>
          <dt>{t('invoice.vs')}</dt>
          <dd data-testid="invoice-vs">{invoice.variableSymbol}</dd>
        </div>
        <div>
          <dt>{t('invoice.issuedOn')}</dt>
          <dd>{formatDate(invoice.issuedOn)}</dd>
        </div>
        <div>
          <dt>{t('invoice.taxableOn')}</dt>
          <dd>{formatDate(invoice.taxableOn)}</dd>
        </div>
        <div>
          <dt>{t('invoice.dueOn')}</dt>
          <dd>{formatDate(invoice.dueOn)}</dd>
        </div>
        {supplier.bankAccount && (
          <div>
            <dt>{t('invoice.bankAccount')}</dt>
            <dd>{supplier.bankAccount}</dd>
          </div>
        )}
        <div className="invoice-fact-wide">
          <dt>{t('invoice.iban')}</dt>
          <dd className="invoice-iban">{displayIban(supplier.iban)}</dd>
        </div>
      </dl>

      {/* scrolls sideways on a phone: reachable and named for the keyboard */}
      <div className="invoice-table-wrap" role="region" aria-label={t('invoice.lines')} tabIndex={0} data-testid="invoice-lines-region">
        <table className="invoice-table" data-testid="invoice-lines">
          <caption className="order-sr-only">{t('invoice.lines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invoice.line.description')}</th>
              <th scope="col" className="num">{t('invoice.line.quantity')}</th>
              <th scope="col" className="num">{t('invoice.line.unitPrice')}</th>
              <th scope="col" className="num">{t('invoice.line.vatRate')}</th>
              <th scope="col" className="num">{t('invoice.line.base')}</th>
              <th scope="col" className="num">{t('invoice.line.vat')}</th>
              <th scope="col" className="num">{t('invoice.line.total')}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, i) => (
              <tr key={i}>
                <td>{line.description}</td>
                <td className="num">{formatNumber(line.quantity, l)}</td>
                <td className="num">{money(line.unit_price_minor)}</td>
                <td className="num">{rate(line.vat_rate)}</td>
                <td className="num">{money(line.base_minor)}</td>
                <td className="num">{money(line.vat_minor)}</td>
                <td className="num">{money(line.total_minor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="invoice-bottom">
        <div className="invoice-bottom-left">
          <table className="invoice-table invoice-vat" data-testid="invoice-vat-summary">
            <caption>{t('invoice.vatSummary')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('invoice.line.vatRate')}</th>
                <th scope="col" className="num">{t('invoice.line.base')}</th>
                <th scope="col" className="num">{t('invoice.line.vat')}</th>
                <th scope="col" className="num">{t('invoice.line.total')}</th>
              </tr>
            </thead>
            <tbody>
              {totals.by_rate.map((r) => (
                <tr key={r.rate}>
                  <td>{rate(r.rate)}</td>
                  <td className="num">{money(r.base_minor)}</td>
                  <td className="num">{money(r.vat_minor)}</td>
                  <td className="num">{money(r.total_minor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {note && (
            <div className="invoice-note">
              <h2>{t('invoice.note')}</h2>
              <p data-testid="invoice-note">{note}</p>
            </div>
          )}
        </div>
        <div className="invoice-bottom-right">
          <dl className="order-totals invoice-totals">
            <div>
              <dt>{t('invoice.totalBase')}</dt>
              <dd>{money(totals.base_minor)}</dd>
            </div>
            <div>
              <dt>{t('invoice.totalVat')}</dt>
              <dd>{money(totals.vat_minor)}</dd>
            </div>
            {totals.rounding_minor ? (
              <div>
                <dt>{t('invoice.rounding')}</dt>
                <dd>{money(totals.rounding_minor)}</dd>
              </div>
            ) : null}
            <div className="order-total">
              <dt>{t('invoice.total')}</dt>
              <dd data-testid="invoice-total">{money(totals.total_minor)}</dd>
            </div>
          </dl>
          {invoice.qr_svg && !invoice.paid && (
            <figure className="order-qr invoice-qr" data-testid="invoice-qr">
              <div className="order-qr-code" dangerouslySetInnerHTML={{ __html: invoice.qr_svg }} />
              <figcaption className="muted">{t('invoice.qr')}</figcaption>
            </figure>
          )}
        </div>
      </div>
    </article>
  );
}
