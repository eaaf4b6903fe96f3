'use client';
import { useState } from 'react';
import { ApiClientError, apiPost } from '../../api/client';
import { useT } from '../i18n/client';

/** NPS: how likely are you to recommend us, 0–10, and why; once per token */
export function NpsForm({ token, answered, locale }: { token: string; answered: boolean; locale: string }) {
  const t = useT();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [done, setDone] = useState(answered);
  const [error, setError] = useState<string | null>(null);
  if (done) return <p className="notice" data-testid="nps-done">{t('nps.thanks')}</p>;
  return (
    <form
      method="post"
      className="nps-form"
      onSubmit={async (e) => {
        e.preventDefault();
        if (score === null) return setError('nps.error.score');
        try {
          await apiPost('/v1/nps/' + encodeURIComponent(token), { score, comment }, { language: locale });
          setDone(true);
        } catch (err) {
          const code = err instanceof ApiClientError ? err.errors[0]?.code : undefined;
          if (code === 'nps.error.answered') setDone(true);
          else setError('nps.error.failed');
        }
      }}
    >
      <fieldset className="nps-scale">
        <legend>{t('nps.question')}</legend>
        <div className="nps-buttons">
          {Array.from({ length: 11 }, (_, n) => (
            <label key={n} className={score === n ? 'on' : ''}>
              <input type="radio" name="nps" value={n} checked={score === n} onChange={() => (setScore(n), setError(null))} data-testid={`nps-${n}`} />
              <span>{n}</span>
            </label>
          ))}
        </div>
        <div className="nps-ends muted small">
          <span>{t('nps.unlikely')}</span>
          <span>{t('nps.likely')}</span>
        </div>
      </fieldset>
      <label htmlFor="nps-comment">{t('nps.comment')}</label>
      <textarea id="nps-comment" rows={4} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
      {error && (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      )}
      <button type="submit" className="button primary" data-testid="nps-submit">
        {t('nps.send')}
      </button>
    </form>
  );
}
