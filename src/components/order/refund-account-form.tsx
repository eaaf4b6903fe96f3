'use client';
import { useState } from 'react';
import { ApiClientError, apiPost } from '../../api/client';
import type { PageLocale } from '../../routes';
import { useT } from '../i18n/client';

/** the account a waiting bank refund goes to (POST v1/orders/:token/refund-account); a refusal shows its translated reason */
export function RefundAccountForm({ token, ibanOnly, locale }: { token: string; ibanOnly: boolean; locale: PageLocale }) {
  const t = useT();
  const [account, setAccount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiPost(`/v1/orders/${encodeURIComponent(token)}/refund-account`, { account }, { language: locale });
      window.location.reload();
    } catch (e) {
      const code = e instanceof ApiClientError ? e.errors[0]?.code : undefined;
      setError(code && t(code) !== code ? code : 'order.actionFailed');
      setBusy(false);
    }
  };
  return (
    <form id="refund-account" method="post" className="order-refund-account" onSubmit={(e) => void submit(e)} noValidate data-testid="refund-account-form">
      <h3>{t('order.refunds.account.title')}</h3>
      <p className="muted">{t(ibanOnly ? 'order.refunds.account.textSk' : 'order.refunds.account.text')}</p>
      <label htmlFor="refund-account-input">{t('order.refunds.account.label')}</label>
      <input
        id="refund-account-input"
        name="account"
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={50}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'refund-account-error' : undefined}
        data-testid="refund-account-input"
      />
      {error && (
        <p id="refund-account-error" className="field-error" role="alert" data-testid="refund-account-error">
          {t(error)}
        </p>
      )}
      <button type="submit" className="button primary" disabled={busy} data-testid="refund-account-submit">
        {t('order.refunds.account.submit')}
      </button>
    </form>
  );
}
