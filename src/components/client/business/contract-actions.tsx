'use client';
import { useState } from 'react';
import { useRouter } from 'waku';
import type { PageLocale } from '../../../routes';
import { FormMessage } from '../../account/form-kit';
import { useT } from '../../i18n/client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { activateContract, errorText, signContract } from './api';
import { useReloadAction } from './use-reload-action';
import './business.css';

/** smlouvy: confirm an unsigned contract (after a dialog that says what is recorded), then the list again */
export function SignContractButton({ locale, id, number }: { locale: PageLocale; id: number; number: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { busy, error, run } = useReloadAction();
  const sign = () => {
    setOpen(false);
    return run(() => signContract(id, locale));
  };
  return (
    <div className="biz-actions">
      <button type="button" className="button primary" disabled={busy} aria-busy={busy || undefined} onClick={() => setOpen(true)} data-testid="contract-sign">
        {t('business.contracts.sign')}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={open}
        title={t('business.contracts.signTitle', { number })}
        confirmLabel={t('business.contracts.signConfirm')}
        cancelLabel={t('business.cancel')}
        onConfirm={() => void sign()}
        onCancel={() => setOpen(false)}
        testId="contract-sign-dialog"
      >
        <p>{t('business.contracts.signText')}</p>
        <p className="muted">{t('business.contracts.signDisclaimer')}</p>
      </ConfirmDialog>
    </div>
  );
}

type Links = { contracts: string; pickups: string };

/** /aktivace-smlouvy/:token, signed in: the button that activates, then what it did */
export function ActivateContractButton({ locale, token, links }: { locale: PageLocale; token: string; links: Links }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const activate = async () => {
    setBusy(true);
    setResult(null);
    try {
      const { contract } = await activateContract(token, locale);
      setResult({ kind: 'success', text: t('business.activate.done', { number: contract.number, tier: contract.tier }) });
    } catch (e) {
      setResult({ kind: 'error', text: errorText(e, t, 'business.error.generic') });
    } finally {
      setBusy(false);
    }
  };
  if (result?.kind === 'success') {
    return (
      <FormMessage kind="success" testId="activate-done">
        <p>{result.text}</p>
        <p className="biz-actions">
          {/* a full load: the navigation shows the contract's entries */}
          <a className="button primary" href={links.contracts} data-testid="activate-to-contracts">
            {t('business.activate.toContracts')}
          </a>
          <a className="button" href={links.pickups}>
            {t('business.activate.toPickups')}
          </a>
        </p>
      </FormMessage>
    );
  }
  return (
    <div className="biz-activate">
      {result && (
        <FormMessage kind="error" testId="activate-error">
          {result.text}
        </FormMessage>
      )}
      <button type="button" className="button primary big" disabled={busy} aria-busy={busy || undefined} onClick={() => void activate()} data-testid="activate-contract">
        {busy && <span className="acc-spinner" aria-hidden="true" />}
        {t('business.activate.button')}
      </button>
    </div>
  );
}
