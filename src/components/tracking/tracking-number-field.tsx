'use client';
import { useT } from '../i18n/client';

/** the tracking number's label, input and error, as the tracking page and the navbar's dropdown show them */
export function TrackingNumberField({ id, value, error, onChange, errorTestId }: { id: string; value: string; error: string | null; onChange: (value: string) => void; errorTestId?: string }) {
  const t = useT();
  return (
    <>
      <label htmlFor={id}>{t('tracking.label')}</label>
      <input
        id={id}
        name="id"
        value={value}
        placeholder={t('tracking.placeholder')}
        autoComplete="off"
        maxLength={20}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert" data-testid={errorTestId}>
          {t(error)}
        </p>
      )}
    </>
  );
}
