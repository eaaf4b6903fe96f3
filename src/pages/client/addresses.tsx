import { Link } from 'waku';
import { apiCall } from '../../api/server';
import { AddAddressButton, AddressBookStatus, AddressFormPage, AddressRowActions, DeleteAddressButton } from '../../components/client/addresses/address-actions';
import { AddressLines } from '../../components/client/addresses/address-card';
import { AddressList, AddressSearchForm, listQueryOf } from '../../components/client/addresses/address-list';
import { ClientPage } from '../../components/client/section';
import { MessagesProvider } from '../../components/i18n/client';
import { linkLocale } from '../../components/layout/layouts';
import { MissingDocument } from '../../components/order/order-parts';
import { pickMessages, translator, type Translate } from '../../i18n';
import { ADDRESS_PAGE_SIZE, type AddressBookEntry, type AddressBookPage as Page } from '../../lib/schemas/address-book';
import { href, type Locale, type PageLocale } from '../../routes';
import type { PageProps } from '../types';

/**
 * The address book (issue 12, spec §2.7). v1 has a page per action: the list, search
 * results, add, edit and a delete confirmation; v2 is one screen where adding, editing,
 * deleting and the default sender happen in place. Lists and search work without JavaScript.
 */

// the address form is the configurator's (its texts; the client layout does not send them)
const ISLAND = ['addresses.', 'configurator.'];

async function loadPage(q: string, offset: number): Promise<Page> {
  const params = new URLSearchParams({ limit: String(ADDRESS_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (offset) params.set('offset', String(offset));
  const res = await apiCall<Page>('GET', `/v1/addresses?${params}`);
  if (!res.ok) throw new Error(`the address book answered ${res.status}`);
  return res.data;
}

/** the signed-in user's address of the URL, or null: another user's answers 404 like a missing one */
async function loadEntry(id: string): Promise<AddressBookEntry | null> {
  const res = await apiCall<AddressBookEntry>('GET', `/v1/addresses/${encodeURIComponent(id)}`);
  if (!res.ok && res.status === 404) return null;
  if (!res.ok) throw new Error(`the address answered ${res.status}`);
  return res.data;
}

/** the site's not-found answer for a missing document (as the order and claim pages give it) */
const NoSuchAddress = ({ locale }: { locale: Locale }) => {
  const t = translator(locale);
  return <MissingDocument title={t('addresses.notFound.title')} text={t('addresses.notFound.text')} locale={linkLocale(locale)} t={t} />;
};

const labelsOf = (t: Translate) => ({ tin: t('configurator.address.tin'), vatin: t('configurator.address.vatin'), defaultSender: t('addresses.defaultSender') });
const Empty = ({ t }: { t: Translate }) => <p>{t('addresses.list.empty')}</p>;

/** klient-adresar (v1 list) and klient-v2-adresar (the v2 screen) */
export async function AddressBookPage({ id, locale, query }: PageProps<'klient-adresar'> | PageProps<'klient-v2-adresar'>) {
  if (id === 'klient-v2-adresar') return <AddressBookV2 locale={locale} query={query} />;
  return <AddressListV1 id={id} locale={locale} query={query} />;
}

/** klient-adresar-hledat: the v1 list of what ?q= finds */
export function AddressSearchPage({ id, locale, query }: PageProps<'klient-adresar-hledat'>) {
  return <AddressListV1 id={id} locale={locale} query={query} />;
}

async function AddressListV1({ id, locale, query }: { id: 'klient-adresar' | 'klient-adresar-hledat'; locale: Locale; query: string }) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const { q, page, offset } = listQueryOf(query);
  const data = await loadPage(q, offset);
  const listHref = href('klient-adresar', l);
  return (
    <ClientPage
      id={id}
      locale={locale}
      actions={
        <Link className="button primary" to={href('klient-adresar-pridat', l)} data-testid="address-add">
          {t('addresses.add')}
        </Link>
      }
    >
      <AddressSearchForm action={href('klient-adresar-hledat', l)} q={q} clearHref={listHref} t={t} />
      <AddressList
        data={data}
        q={q}
        page={page}
        path={href(id, l)}
        locale={l}
        t={t}
        empty={<Empty t={t} />}
        actions={(entry) => (
          <>
            <Link className="button" to={href('klient-adresar-upravit', l, { id: String(entry.id) })} data-testid="address-edit">
              {t('addresses.edit')}
            </Link>
            <Link className="button ab-danger-outline" to={href('klient-adresar-smazat', l, { id: String(entry.id) })} data-testid="address-delete">
              {t('addresses.delete')}
            </Link>
          </>
        )}
      />
    </ClientPage>
  );
}

async function AddressBookV2({ locale, query }: { locale: Locale; query: string }) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const { q, page, offset } = listQueryOf(query);
  const data = await loadPage(q, offset);
  const path = href('klient-v2-adresar', l);
  return (
    <MessagesProvider messages={pickMessages(locale, ISLAND)}>
      <ClientPage id="klient-v2-adresar" locale={locale} actions={<AddAddressButton locale={l} />}>
        <noscript>
          <p className="acc-message acc-info">{t('addresses.v2.noscript')}</p>
        </noscript>
        <AddressBookStatus />
        <AddressSearchForm action={path} q={q} clearHref={path} t={t} />
        <AddressList data={data} q={q} page={page} path={path} locale={l} t={t} empty={<Empty t={t} />} actions={(entry) => <AddressRowActions locale={l} entry={entry} />} />
      </ClientPage>
    </MessagesProvider>
  );
}

function FormNoscript({ t }: { t: Translate }) {
  return (
    <noscript>
      <p className="acc-message acc-info">{t('addresses.form.noscript')}</p>
    </noscript>
  );
}

/** klient-adresar-pridat */
export function AddressAddPage({ id, locale }: PageProps<'klient-adresar-pridat'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  return (
    <ClientPage id={id} locale={locale}>
      <FormNoscript t={t} />
      <MessagesProvider messages={pickMessages(locale, ISLAND)}>
        <AddressFormPage locale={l} entry={null} listHref={href('klient-adresar', l)} />
      </MessagesProvider>
    </ClientPage>
  );
}

/** klient-adresar-upravit/:id: the form, prefilled */
export async function AddressEditPage({ id, locale, params }: PageProps<'klient-adresar-upravit'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const entry = await loadEntry(params.id);
  if (!entry) return <NoSuchAddress locale={locale} />;
  return (
    <ClientPage id={id} locale={locale}>
      <FormNoscript t={t} />
      <MessagesProvider messages={pickMessages(locale, ISLAND)}>
        <AddressFormPage locale={l} entry={entry} listHref={href('klient-adresar', l)} />
      </MessagesProvider>
    </ClientPage>
  );
}

/** klient-adresar-smazat/:id: the address and the question; confirming deletes it and goes back to the list */
export async function AddressDeletePage({ id, locale, params }: PageProps<'klient-adresar-smazat'>) {
  const t = translator(locale);
  const l: PageLocale = linkLocale(locale);
  const entry = await loadEntry(params.id);
  if (!entry) return <NoSuchAddress locale={locale} />;
  const listHref = href('klient-adresar', l);
  return (
    <ClientPage id={id} locale={locale}>
      <p>{t('addresses.delete.question')}</p>
      <div className="ab-item ab-delete-card" data-testid="address-to-delete">
        <AddressLines entry={entry} locale={l} labels={labelsOf(t)} />
      </div>
      <noscript>
        <p className="acc-message acc-info">{t('addresses.delete.noscript')}</p>
      </noscript>
      <div className="ab-actions">
        <Link className="button" to={listHref} data-testid="address-delete-cancel">
          {t('addresses.delete.cancel')}
        </Link>
        <MessagesProvider messages={pickMessages(locale, ISLAND)}>
          <DeleteAddressButton locale={l} id={entry.id} listHref={listHref} />
        </MessagesProvider>
      </div>
    </ClientPage>
  );
}
