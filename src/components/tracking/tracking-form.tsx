'use client';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { useTrackingNumber } from './use-tracking-number';

/**
 * The tracking form of the tracking page: the §5 rules as the user types, then the result
 * page. Without JavaScript it is a plain GET form to this page (?id=…), which the server answers.
 */
export function TrackingForm({ locale, initial = '', initialError = null }: { locale: PageLocale; initial?: string; initialError?: string | null }) {
  const t = useT();
  const { value, error, change, submit } = useTrackingNumber(locale, initial, initialError);

  return (
    <form
      className="tracking-form"
      action={href('tracking', locale)}
      method="get"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
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
          onChange={(e) => change(e.target.value)}
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
