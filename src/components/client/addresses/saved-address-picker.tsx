'use client';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'waku';
import { addressDisplayName } from '../../../lib/address';
import type { AddressBookEntry, AddressBookPage } from '../../../lib/schemas/address-book';
import { NEW_ADDRESS_ID, type AddressForm } from '../../../lib/schemas/address';
import { href, type PageLocale } from '../../../routes';
import { useT } from '../../i18n/client';
import { entryName, entryPlace } from './address-card';
import { listAddresses } from './api';
import './addresses.css';

const SHOWN = 8;
const DEBOUNCE_MS = 250;

type Props = {
  locale: PageLocale;
  side: 'sender' | 'recipient';
  /** the side's address now: a saved one is marked in the list */
  current: AddressForm;
  onPick: (entry: AddressBookEntry) => void;
  /** called once with the default sender, when the user has one; true when it filled the side */
  onDefaultSender?: (entry: AddressBookEntry) => boolean;
};

/**
 * The configurator's saved addresses (issue 12), above a side's form: the signed-in user's
 * address book, searchable (case and diacritics aside), a click fills the form. Hidden for
 * a user whose book is empty.
 */
export function SavedAddressPicker({ locale, side, current, onPick, onDefaultSender }: Props) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<AddressBookPage | null>(null);
  const [hasAny, setHasAny] = useState(false);
  const [failed, setFailed] = useState(false);
  const [prefilledId, setPrefilledId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState(false);
  const defaultHandled = useRef(false);
  const onDefault = useRef(onDefaultSender);
  onDefault.current = onDefaultSender;

  useEffect(() => {
    const abort = new AbortController();
    const q = query.trim();
    const timer = setTimeout(
      () => {
        listAddresses({ q, limit: SHOWN }, locale, abort.signal)
          .then((result) => {
            setPage(result);
            setFailed(false);
            if (!q) setHasAny(result.total > 0);
            // the default sender is listed first
            const first = result.items[0];
            if (!q && !defaultHandled.current) {
              defaultHandled.current = true;
              if (first?.is_default_sender && onDefault.current?.(first)) setPrefilledId(first.id);
            }
          })
          .catch((error: unknown) => {
            if (!abort.signal.aborted) {
              console.warn('the address book could not be loaded', error);
              setFailed(true);
            }
          });
      },
      q ? DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query, locale]);

  if (!hasAny) return null;
  const picked = current.id !== NEW_ADDRESS_ID ? addressDisplayName(current) : null;
  // a side filled from the book shows what it was filled with; the list comes back on request
  const showList = expanded || !picked;
  const listId = `ab-picker-${side}`;
  const pick = (entry: AddressBookEntry) => {
    setExpanded(false);
    onPick(entry);
  };
  return (
    <div className="ab-picker" data-testid={`${side}-saved-addresses`}>
      <div className="ab-picker-head">
        <h3 id={`${listId}-title`}>{t('addresses.picker.title')}</h3>
        <Link to={href('klient-adresar', locale)}>{t('addresses.picker.manage')}</Link>
      </div>
      {picked && (
        <p role="status" data-testid={`${side}-saved-picked`}>
          {t(current.id === prefilledId ? 'addresses.picker.defaultFilled' : 'addresses.picker.picked', { name: picked })}
        </p>
      )}
      {!showList ? (
        <button type="button" className="cfg-link-button" aria-expanded={false} aria-controls={listId} onClick={() => setExpanded(true)} data-testid={`${side}-saved-change`}>
          {t('addresses.picker.change')}
        </button>
      ) : (
        <>
          <input
            type="search"
            aria-label={t('addresses.picker.search')}
            placeholder={t('addresses.picker.search')}
            value={query}
            maxLength={100}
            onChange={(e) => setQuery(e.target.value)}
            aria-controls={listId}
            data-testid={`${side}-saved-search`}
          />
          {failed ? (
            <p className="field-error">{t('addresses.picker.failed')}</p>
          ) : page && page.items.length === 0 ? (
            <p className="muted">{t('addresses.picker.none')}</p>
          ) : (
            <ul className="ab-picker-list" id={listId} aria-labelledby={`${listId}-title`}>
              {page?.items.map((entry) => (
                <li key={entry.id}>
                  <button type="button" aria-pressed={current.id === entry.id} onClick={() => pick(entry)} data-testid={`${side}-saved-address`}>
                    <span className="ab-picker-entry">
                      <strong>{entryName(entry)}</strong>
                      {entry.is_default_sender && side === 'sender' && <> · {t('addresses.defaultSender')}</>}
                      <span>{entryPlace(entry, locale)}</span>
                    </span>
                    <span className="ab-picker-use">{t('addresses.picker.use')}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {page && page.total > page.items.length && <p className="muted">{t('addresses.picker.more', { shown: page.items.length, total: page.total })}</p>}
        </>
      )}
    </div>
  );
}
