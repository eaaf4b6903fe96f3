'use client';
import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'waku';
import { trackingNumberError } from '../../lib/tracking-number';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';

const AUTO_SUBMIT_MS = 100;

export function TrackingDropdown({ locale }: { locale: PageLocale }) {
  const t = useT();
  const router = useRouter();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (raw: string) => {
    const code = trackingNumberError(raw);
    const problem = code && `tracking.${code}`;
    setError(problem);
    if (!problem) void router.push(href('tracking-result', locale, { id: raw.trim().toUpperCase() }));
  };

  return (
    <details className="dropdown tracking-dropdown">
      <summary>{t('nav.tracking')}</summary>
      <form
        className="dropdown-panel"
        action={href('tracking', locale)}
        method="get"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(value);
        }}
      >
        <label htmlFor="tracking-number">{t('tracking.label')}</label>
        <input
          id="tracking-number"
          name="id"
          value={value}
          placeholder={t('tracking.placeholder')}
          autoComplete="off"
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'tracking-number-error' : undefined}
          onChange={(e) => {
            const next = e.target.value;
            setValue(next);
            setError(null);
            clearTimeout(timer.current);
            if (next.trim().length === 12) timer.current = setTimeout(() => submit(next), AUTO_SUBMIT_MS);
          }}
        />
        {error && (
          <p id="tracking-number-error" className="field-error" role="alert">
            {t(error)}
          </p>
        )}
        <button type="submit" className="button primary">
          {t('tracking.submit')}
        </button>
        <a href={`${href('tracking', locale)}#help`}>{t('tracking.help')}</a>
      </form>
    </details>
  );
}
