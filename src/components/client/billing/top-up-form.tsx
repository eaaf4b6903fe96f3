'use client';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { apiPost, ApiClientError } from '../../../api/client';
import { issueErrors, serverErrors, type FormErrors } from '../../../lib/form-errors';
import { BILLING_CURRENCIES, TOP_UP_LIMITS, TopUpSchema, type BillingCurrency } from '../../../lib/schemas/billing';
import type { PageLocale } from '../../../routes';
import { focusFirstInvalid, FormMessage, SubmitButton, TextInput, useErrorText } from '../../account/form-kit';
import { useT } from '../../i18n/client';
import { money } from './parts';
import type { TopUp } from './types';

type Form = { amount: string; currency: BillingCurrency; method: 'bank_transfer' | 'card' };

/**
 * kredit/dobit: the amount, currency and method; then the transfer's instructions (this
 * page with ?topup=…) or the card gateway's page, which comes back to it.
 */
export function TopUpForm({ locale, path, currency, cardAvailable }: { locale: PageLocale; path: string; currency: BillingCurrency; cardAvailable: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>({ amount: '', currency, method: 'bank_transfer' });
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const parsed = v.safeParse(TopUpSchema, form);
  const errors: FormErrors = { ...(submitted && !parsed.success ? issueErrors(parsed.issues) : {}), ...server };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((old) => ({ ...old, [key]: value }));
    setServer(({ [key]: _dropped, ...rest }) => rest);
    setMessage(null);
  };
  const limits = TOP_UP_LIMITS[form.currency];

  const submit = async () => {
    setSubmitted(true);
    setMessage(null);
    if (!parsed.success) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      const topUp = await apiPost<TopUp>('/v1/credit/top-up', parsed.output, { language: locale });
      window.location.assign(topUp.redirect_url ?? `${path}?topup=${encodeURIComponent(topUp.token)}`);
      return;
    } catch (error) {
      const fields = error instanceof ApiClientError ? serverErrors(error.errors) : {};
      setServer(fields);
      if (Object.keys(fields).length === 0) setMessage(t('billing.error.generic'));
      focusFirstInvalid(formRef.current);
    }
    setBusy(false);
  };

  return (
    <form
      method="post"
      ref={formRef}
      className="bl-topup"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="top-up-form"
    >
      <div className="bl-amount">
        <TextInput
          id="amount"
          label={t('billing.topUp.amount')}
          value={form.amount}
          onChange={(value) => set('amount', value)}
          inputMode="numeric"
          required
          maxLength={12}
          error={errors.amount}
          hint={t('billing.topUp.limits', { min: money(limits.min, form.currency, locale), max: money(limits.max, form.currency, locale) })}
        />
        <div className="acc-field bl-field">
          <label htmlFor="currency">{t('billing.topUp.currency')}</label>
          <select id="currency" name="currency" value={form.currency} onChange={(e) => set('currency', e.target.value as BillingCurrency)} aria-invalid={errors.currency ? true : undefined}>
            {BILLING_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errors.currency && <p className="field-error">{errorText(errors.currency)}</p>}
        </div>
      </div>
      <fieldset aria-invalid={errors.method ? true : undefined}>
        <legend>{t('billing.topUp.method')}</legend>
        <label className="bl-choice">
          <input type="radio" name="method" value="bank_transfer" checked={form.method === 'bank_transfer'} onChange={() => set('method', 'bank_transfer')} />
          {t('billing.topUp.bank')}
        </label>
        {cardAvailable && (
          <label className="bl-choice">
            <input type="radio" name="method" value="card" checked={form.method === 'card'} onChange={() => set('method', 'card')} data-testid="top-up-card" />
            {t('billing.topUp.card')}
          </label>
        )}
        {errors.method && <p className="field-error">{errorText(errors.method)}</p>}
      </fieldset>
      <div className="bl-topup-actions">
        <SubmitButton busy={busy} testId="top-up-submit">
          {t('billing.topUp.submit')}
        </SubmitButton>
      </div>
      {message && <FormMessage kind="error">{message}</FormMessage>}
    </form>
  );
}
