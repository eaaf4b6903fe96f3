'use client';
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { apiPost, ApiClientError } from '../../../api/client';
import { issuesToFieldErrors, type FieldErrors } from '../../../lib/configurator-form';
import { CodAccountSchema, type CodAccount } from '../../../lib/schemas/services';
import { displayIban } from '../../../lib/validators';
import type { PageLocale } from '../../../routes';
import { useT } from '../../i18n/client';

/** '19-2000145399/0800', or an IBAN in groups of four */
export const codAccountText = (account: CodAccount) => (account.bankCode ? `${account.accountNumber}/${account.bankCode}` : displayIban(account.accountNumber));

/**
 * Asked once, above the rows, when rows have cash on delivery but neither an account cell
 * nor a default account: the account for all of them, checked as the configurator checks
 * it, and (ticked by default) saved as the account's default COD account.
 */
export function CodAccountPrompt({ count, locale, disabled, onUse }: { count: number; locale: PageLocale; disabled: boolean; onUse: (account: CodAccount) => Promise<void> }) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState({ accountNumber: '', bankCode: '' });
  const [save, setSave] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = v.safeParse(CodAccountSchema, value);
    setErrors(parsed.success ? {} : issuesToFieldErrors(parsed.issues, ''));
    if (!parsed.success) return;
    setBusy(true);
    try {
      if (save) await apiPost('/v1/user/default-cod-account', parsed.output, { language: locale });
      await onUse(parsed.output);
    } catch (error) {
      setFailure(t('import.codAccount.saveFailed', { message: error instanceof ApiClientError ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };

  const input = (key: 'accountNumber' | 'bankCode', label: string) => {
    const inputId = `${id}-${key}`;
    const error = errors[key];
    return (
      <div className="imp-field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          value={value[key]}
          maxLength={60}
          autoComplete="off"
          inputMode={key === 'bankCode' ? 'numeric' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          data-testid={`import-cod-${key}`}
          onChange={(e) => setValue((old) => ({ ...old, [key]: e.target.value }))}
        />
        {error && (
          <p id={`${inputId}-error`} className="field-error">
            {t(error)}
          </p>
        )}
      </div>
    );
  };

  return (
    <form method="post" className="imp-cod" onSubmit={submit} noValidate data-testid="import-cod-account" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('import.codAccount.title')}</h3>
      <p>{t('import.codAccount.text', { count })}</p>
      <div className="imp-cod-grid">
        {input('accountNumber', t('import.codAccount.number'))}
        {input('bankCode', t('import.codAccount.bankCode'))}
      </div>
      <label className="imp-cod-save">
        <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} data-testid="import-cod-save" /> {t('import.codAccount.save')}
      </label>
      {failure && (
        <p className="imp-problem" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button primary" disabled={disabled || busy} data-testid="import-cod-use">
        {t('import.codAccount.use')}
      </button>
    </form>
  );
}
