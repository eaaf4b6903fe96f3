'use client';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { TrackingNumberField } from './tracking-number-field';
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
        <TrackingNumberField id="tracking-page-number" value={value} error={error} onChange={change} errorTestId="tracking-form-error" />
      </div>
      <button type="submit" className="button primary">
        {t('tracking.submit')}
      </button>
    </form>
  );
}
