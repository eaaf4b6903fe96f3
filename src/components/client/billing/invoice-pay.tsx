'use client';
import { useEffect, useRef, useState } from 'react';
import { apiPost, ApiClientError } from '../../../api/client';
import type { PageLocale } from '../../../routes';
import { useErrorText } from '../../account/form-kit';
import { useT } from '../../i18n/client';
import { BankInstructions, money } from './parts';
import { SandboxTransfer } from './sandbox-transfer';
import type { BankInstructionsData, InvoicePayment } from './types';

type Props = {
  token: string;
  number: string;
  total: number;
  currency: string;
  /** the account's credit in the invoice's currency */
  balance: number;
  overdue: boolean;
  locale: PageLocale;
  version: 'v1' | 'v2';
  /** where the page comes back to with ?invoice= after paying */
  returnPath: string;
};

/** the server's word on a failed payment, in the user's language */
function useFailureText() {
  const errorText = useErrorText();
  return (error: unknown) => {
    const code = error instanceof ApiClientError ? error.errors[0]?.code : undefined;
    return errorText(code ?? 'billing.error.generic');
  };
}

/**
 * Paying one invoice (issue 12): a dialog with the three ways — the transfer's instructions
 * and QR right there, the card through the gateway's page, or the credit at once (refused
 * with the server's reason when it does not cover the invoice).
 */
export function InvoicePay({ token, number, total, currency, balance, overdue, locale, version, returnPath }: Props) {
  const t = useT();
  const failureText = useFailureText();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<null | 'bank_transfer' | 'card' | 'credit'>(null);
  const [bank, setBank] = useState<BankInstructionsData | null>(null);
  const [sandbox, setSandbox] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const pay = async (method: 'bank_transfer' | 'card' | 'credit') => {
    setBusy(method);
    setError(null);
    setNote(null);
    try {
      const answer = await apiPost<InvoicePayment>(`/v1/invoices/${encodeURIComponent(token)}/pay`, { method, version }, { language: locale });
      if (answer.redirect_url) {
        setNote(t('billing.pay.redirecting'));
        window.location.assign(answer.redirect_url);
        return;
      }
      if (answer.bank) {
        setBank(answer.bank);
        setSandbox(answer.sandbox);
      }
      if (answer.state === 'paid') {
        setNote(t('billing.pay.paidNow'));
        window.location.assign(`${returnPath}?invoice=${encodeURIComponent(token)}`);
        return;
      }
    } catch (e) {
      setError(failureText(e));
    }
    setBusy(null);
  };

  const enough = balance >= total;
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className={overdue ? 'button primary' : 'button'} onClick={() => setOpen(true)} data-testid={`pay-${number}`}>
        {t('billing.pay.open')}
      </button>
      <dialog ref={dialog} className="modal bl-pay-dialog" aria-labelledby={`pay-${token}-title`} onClose={close} onClick={(e) => e.target === dialog.current && close()} data-testid="pay-dialog">
        <button type="button" className="modal-close" aria-label={t('billing.pay.close')} onClick={close}>
          ×
        </button>
        <h2 id={`pay-${token}-title`}>{t('billing.pay.title', { number })}</h2>
        <p className="bl-pay-total">
          {t('billing.pay.amount')}: <strong>{money(total, currency, locale)}</strong>
        </p>
        <p className="muted">{t('billing.pay.choose')}</p>
        <div className="bl-pay-methods" role="group" aria-label={t('billing.pay.choose')}>
          <button type="button" className="button" aria-pressed={bank !== null} disabled={busy !== null} onClick={() => void pay('bank_transfer')} data-testid="pay-bank">
            {t('billing.pay.bank')}
          </button>
          <button type="button" className="button" disabled={busy !== null} onClick={() => void pay('card')} data-testid="pay-card">
            {t('billing.pay.card')}
          </button>
          <button type="button" className="button" disabled={busy !== null || !enough} onClick={() => void pay('credit')} data-testid="pay-credit">
            {t('billing.pay.credit')}
          </button>
        </div>
        <p className="muted bl-pay-note">{enough ? t('billing.pay.creditBalance', { amount: money(balance, currency, locale) }) : t('billing.pay.creditShort', { amount: money(balance, currency, locale) })}</p>
        {bank && <BankInstructions bank={bank} locale={locale} t={t} />}
        {bank && sandbox && <SandboxTransfer variableSymbol={bank.variable_symbol} amount={bank.amount} currency={bank.currency} next={`${returnPath}?invoice=${encodeURIComponent(token)}`} />}
        {note && (
          <div className="bl-message bl-info" role="status">
            {note}
          </div>
        )}
        {error && (
          <div className="bl-message bl-error" role="alert" data-testid="pay-error">
            {error}
          </div>
        )}
      </dialog>
    </>
  );
}
