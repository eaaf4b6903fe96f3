'use client';
import { useState } from 'react';
import { apiPost } from '../../../api/client';
import { useT } from '../../i18n/client';

/** local development: books the transfer in the sandbox bank, then shows `next` (the state after it) */
export function SandboxTransfer({ variableSymbol, amount, currency, next }: { variableSymbol: string; amount: number; currency: string; next: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const pay = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await apiPost('/v1/sandbox/bank/statement', { variable_symbol: variableSymbol, amount, currency });
      window.location.assign(next);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <p>
      <button type="button" className="button" disabled={busy} onClick={() => void pay()} data-testid="sandbox-transfer">
        {t('billing.bank.sandbox')}
      </button>
      {failed && (
        <span className="field-error" role="alert">
          {' '}
          {t('billing.error.generic')}
        </span>
      )}
    </p>
  );
}
