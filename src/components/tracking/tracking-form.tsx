'use client';
import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'waku';
import { TRACKING_NUMBER_LENGTH, trackingNumberError } from '../../lib/tracking-number';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';

/** spec §4/§9: a complete number is looked up 100 ms after it is typed */
const AUTO_SUBMIT_MS = 100;

/**
 * The tracking form of the tracking page: the §5 rules as the user types, then the result
 * page. Without JavaScript it is a plain GET form to this page (?id=…), which the server answers.
 */
export function TrackingForm({ locale, initial = '', initialError = null }: { locale: PageLocale; initial?: string; initialError?: string | null }) {
  const t = useT();
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(initialError);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (raw: string) => {
    const code = trackingNumberError(raw);
    setError(code && `tracking.${code}`);
    if (!code) void router.push(href('tracking-result', locale, { id: raw.trim().toUpperCase() }));
  };

  return (
    <form
      className="tracking-form"
      action={href('tracking', locale)}
      method="get"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit(value);
      }}
      data-testid="tracking-form"
    >
      <div className="tracking-field">
        <label htmlFor="tracking-page-number">{t('tracking.label')}</label>
        <input
          id="tracking-page-number"
          name="id"
          value={value}
          placeholder={t('tracking.placeholder')}
          autoComplete="off"
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'tracking-page-number-error' : undefined}
          onChange={(e) => {
            const next = e.target.value;
            setValue(next);
            setError(null);
            clearTimeout(timer.current);
            if (next.trim().length === TRACKING_NUMBER_LENGTH) timer.current = setTimeout(() => submit(next), AUTO_SUBMIT_MS);
          }}
        />
        {error && (
          <p id="tracking-page-number-error" className="field-error" role="alert" data-testid="tracking-form-error">
            {t(error)}
          </p>
        )}
      </div>
      <button type="submit" className="button primary">
        {t('tracking.submit')}
      </button>
    </form>
  );
}
