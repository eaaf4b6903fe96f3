'use client';
import { useState } from 'react';
import { quoteFieldLabel, toastMessageId, type ApiFailure } from '../../lib/api-failure';
import { useErrorText } from '../configurator/form';
import { useT } from '../i18n/client';
import { ErrorToast } from '../ui/error-toast';
import { FormDialog } from '../ui/form-dialog';

/**
 * A comparison that failed, as spec §8 shows failures, never as "no offer": the server's field
 * errors in the error dialog ('field: message', a retry and the way back to the form), any other
 * failure in the 7-second toast with a retry. Once closed, a notice with the retry stays in place.
 */
export function QuoteFailure({ failure, onRetry, changeHref }: { failure: ApiFailure; onRetry: () => void; changeHref: string }) {
  const t = useT();
  const errorText = useErrorText();
  const [closed, setClosed] = useState<ApiFailure | null>(null);
  const open = closed !== failure;
  const retry = (
    <button type="button" className="button primary" onClick={onRetry} data-testid="quote-retry">
      {t('quote.failure.retry')}
    </button>
  );

  if (failure.kind === 'fields') {
    const list = (
      <ul>
        {failure.errors.map((e) => (
          <li key={`${e.field}:${e.code}`}>
            {quoteFieldLabel(e.field, t)}: {errorText(e.code)}
          </li>
        ))}
      </ul>
    );
    return (
      <>
        <FormDialog open={open} title={t('quote.failure.fieldsTitle')} onClose={() => setClosed(failure)} testId="quote-field-errors" className="field-error-dialog">
          <div className="modal-body">
            <p>{t('quote.failure.fieldsIntro')}</p>
            {list}
          </div>
          <div className="modal-actions">
            <a className="button" href={changeHref}>
              {t('quote.noneUsable.change')}
            </a>
            {retry}
          </div>
        </FormDialog>
        {!open && (
          <div className="notice" role="status" data-testid="quote-failed">
            <p>{t('quote.failure.fieldsIntro')}</p>
            {list}
            <a href={changeHref}>{t('quote.noneUsable.change')}</a>
          </div>
        )}
      </>
    );
  }

  const id = toastMessageId(failure);
  const message = t(id) === id ? t('quote.failure.generic') : t(id);
  return (
    <>
      {open && (
        <ErrorToast onClose={() => setClosed(failure)} action={{ label: t('quote.failure.retry'), run: onRetry }} testId="quote-error-toast">
          {message}
        </ErrorToast>
      )}
      <div className="notice" role="status" data-testid="quote-failed">
        <p>{t('quote.failed')}</p>
        {retry}
      </div>
    </>
  );
}
