'use client';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../ui/form-dialog';
import { useRouter } from 'waku';
import { ApiClientError } from '../../../api/client';
import type { AddressBookEntry } from '../../../lib/schemas/address-book';
import type { PageLocale } from '../../../routes';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useT } from '../../i18n/client';
import { entryName, entryPlace } from './address-card';
import { AddressBookForm } from './address-form';
import { deleteAddress, makeDefaultSender } from './api';
import './addresses.css';

/**
 * The address book's client islands. v1 has a page per action (add, edit, delete) and goes
 * back to the list after it; v2 does everything on its one screen, in dialogs, and reloads
 * the server-rendered list.
 */

const navigate = (router: ReturnType<typeof useRouter>, to: string) => router.push(to as Parameters<typeof router.push>[0]);

/** v1 klient-adresar-pridat / -upravit: the form, then the list */
export function AddressFormPage({ locale, entry, listHref }: { locale: PageLocale; entry: AddressBookEntry | null; listHref: string }) {
  const router = useRouter();
  return <AddressBookForm locale={locale} entry={entry} onSaved={() => navigate(router, listHref)} cancel={{ href: listHref }} />;
}

/** v1 klient-adresar-smazat: confirm deletes and goes back to the list */
export function DeleteAddressButton({ locale, id, listHref }: { locale: PageLocale; id: number; listHref: string }) {
  const t = useT();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await deleteAddress(id, locale);
      navigate(router, listHref);
    } catch (error) {
      setMessage(error instanceof ApiClientError && error.status === 404 ? t('addresses.error.notFound') : t('addresses.error.generic'));
      setBusy(false);
    }
  };
  return (
    <>
      {message && (
        <p className="acc-message acc-error" role="alert">
          {message}
        </p>
      )}
      <button type="button" className="button primary ab-danger" disabled={busy} aria-busy={busy || undefined} onClick={() => void remove()} data-testid="address-delete-confirm">
        {t('addresses.delete.confirm')}
      </button>
    </>
  );
}

const STATUS_EVENT = 'address-book-status';

/** after a change: the list from the server again, and a line saying what happened (the changed row may be gone) */
function useReload() {
  const router = useRouter();
  return async (text: string) => {
    await router.reload();
    window.dispatchEvent(new CustomEvent(STATUS_EVENT, { detail: text }));
  };
}

/** v2: what the last change did, read out by screen readers */
export function AddressBookStatus() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const show = (e: Event) => setText((e as CustomEvent<string>).detail);
    window.addEventListener(STATUS_EVENT, show);
    return () => window.removeEventListener(STATUS_EVENT, show);
  }, []);
  return (
    <p className={text ? 'acc-message acc-success ab-status' : 'ab-status'} role="status" data-testid="address-status">
      {text}
    </p>
  );
}

/** v2: the "add address" button and its dialog */
export function AddAddressButton({ locale }: { locale: PageLocale }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const reload = useReload();
  return (
    <>
      <button type="button" className="button primary" onClick={() => setOpen(true)} data-testid="address-add">
        {t('addresses.add')}
      </button>
      <FormDialog className="ab-dialog" open={open} title={t('addresses.dialog.add')} onClose={() => setOpen(false)} testId="address-add-dialog">
        <AddressBookForm
          locale={locale}
          entry={null}
          cancel={{ onClick: () => setOpen(false) }}
          onSaved={(saved) => {
            setOpen(false);
            void reload(t('addresses.saved', { name: entryName(saved) }));
          }}
        />
      </FormDialog>
    </>
  );
}

/** v2: edit, delete (with confirmation) and make default sender, on one address of the list */
export function AddressRowActions({ locale, entry }: { locale: PageLocale; entry: AddressBookEntry }) {
  const t = useT();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reload = useReload();
  const name = entryName(entry);

  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      setDialog(null);
      await reload(done);
    } catch (e) {
      setDialog(null);
      setError(e instanceof ApiClientError && e.status === 404 ? t('addresses.error.notFound') : t('addresses.error.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ab-row-actions">
      <button type="button" className="button" onClick={() => setDialog('edit')} aria-label={`${t('addresses.edit')}: ${name}`} data-testid="address-edit">
        {t('addresses.edit')}
      </button>
      {!entry.is_default_sender && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void act(() => makeDefaultSender(entry.id, locale), t('addresses.defaultSet', { name }))}
          aria-label={`${t('addresses.makeDefault')}: ${name}`}
          data-testid="address-make-default"
        >
          {t('addresses.makeDefaultShort')}
        </button>
      )}
      <button type="button" className="button ab-danger-outline" onClick={() => setDialog('delete')} aria-label={`${t('addresses.delete')}: ${name}`} data-testid="address-delete">
        {t('addresses.delete')}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <FormDialog className="ab-dialog" open={dialog === 'edit'} title={t('addresses.dialog.edit')} onClose={() => setDialog(null)} testId="address-edit-dialog">
        <AddressBookForm
          locale={locale}
          entry={entry}
          cancel={{ onClick: () => setDialog(null) }}
          onSaved={(saved) => {
            setDialog(null);
            void reload(t('addresses.saved', { name: entryName(saved) }));
          }}
        />
      </FormDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('addresses.delete.question')}
        confirmLabel={t('addresses.delete.confirm')}
        cancelLabel={t('addresses.delete.cancel')}
        onConfirm={() => void act(() => deleteAddress(entry.id, locale), t('addresses.deleted', { name }))}
        onCancel={() => setDialog(null)}
        testId="address-delete-dialog"
      >
        <p>
          <strong>{name}</strong>
          <br />
          {entryPlace(entry, locale)}
        </p>
      </ConfirmDialog>
    </div>
  );
}
