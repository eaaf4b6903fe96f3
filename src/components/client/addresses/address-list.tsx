import type { ReactNode } from 'react';
import type { Translate } from '../../../i18n';
import { ADDRESS_PAGE_SIZE, type AddressBookEntry, type AddressBookPage } from '../../../lib/schemas/address-book';
import type { PageLocale } from '../../../routes';
import { AddressLines } from './address-card';
import './addresses.css';

/** The address book's list, search form and pages: server-rendered, they work without JavaScript. */

/** ?q=…&page=… of a list page: the search, the page number and the API's offset */
export function listQueryOf(query: string) {
  const params = new URLSearchParams(query);
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 100 ? asked : 1;
  return { q, page, offset: (page - 1) * ADDRESS_PAGE_SIZE };
}

const withQuery = (path: string, params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== 1).map(([k, v]) => [k, String(v)])).toString();
  return search ? `${path}?${search}` : path;
};

/** a GET form: the search works as a link to its results */
export function AddressSearchForm({ action, q, clearHref, t }: { action: string; q: string; clearHref: string; t: Translate }) {
  return (
    <form method="get" action={action} role="search" className="ab-search" data-testid="address-search">
      <label htmlFor="ab-q">{t('addresses.search.label')}</label>
      <div className="ab-search-row">
        <input id="ab-q" name="q" type="search" defaultValue={q} maxLength={100} placeholder={t('addresses.search.placeholder')} autoComplete="off" />
        <button type="submit" className="button primary">
          {t('addresses.search.submit')}
        </button>
        {q && (
          <a className="button" href={clearHref} data-testid="address-search-clear">
            {t('addresses.search.clear')}
          </a>
        )}
      </div>
    </form>
  );
}

type ListProps = {
  data: AddressBookPage;
  q: string;
  page: number;
  /** the list's own path, for the page links */
  path: string;
  locale: PageLocale;
  t: Translate;
  actions: (entry: AddressBookEntry) => ReactNode;
  /** shown when the book is empty */
  empty: ReactNode;
};

export function AddressList({ data, q, page, path, locale, t, actions, empty }: ListProps) {
  const labels = { tin: t('configurator.address.tin'), vatin: t('configurator.address.vatin'), defaultSender: t('addresses.defaultSender') };
  const from = (page - 1) * ADDRESS_PAGE_SIZE + 1;
  const to = from + data.items.length - 1;
  const pages = Math.max(1, Math.ceil(data.total / ADDRESS_PAGE_SIZE));
  const count = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'cs-CZ');
  return (
    <section className="ab-results" aria-label={t('addresses.list.label')}>
      {data.items.length === 0 ? (
        <div className="notice ab-empty" data-testid="address-empty">
          {q ? <p>{t('addresses.search.none', { q })}</p> : data.total > 0 ? <p>{t('addresses.list.pastEnd')}</p> : empty}
        </div>
      ) : (
        <>
          <p className="muted ab-count" data-testid="address-count">
            {q
              ? t('addresses.search.results', { q, from: count(from), to: count(to), total: count(data.total) })
              : t('addresses.list.count', { from: count(from), to: count(to), total: count(data.total) })}
          </p>
          <ul className="ab-list" data-testid="address-list">
            {data.items.map((entry) => (
              <li key={entry.id} className="ab-item" data-testid="address-item" data-address-id={entry.id}>
                <AddressLines entry={entry} locale={locale} labels={labels} />
                <div className="ab-item-actions">{actions(entry)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      {pages > 1 && (
        <nav className="ab-pager" aria-label={t('addresses.pager.label')} data-testid="address-pager">
          {page > 1 ? (
            <a className="button" href={withQuery(path, { q, page: page - 1 })} rel="prev">
              {t('addresses.pager.prev')}
            </a>
          ) : (
            <span />
          )}
          <span className="muted">{t('addresses.pager.page', { page: count(Math.min(page, pages)), pages: count(pages) })}</span>
          {page < pages ? (
            <a className="button" href={withQuery(path, { q, page: page + 1 })} rel="next">
              {t('addresses.pager.next')}
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
