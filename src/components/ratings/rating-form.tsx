'use client';
import { useState } from 'react';
import { ApiClientError, apiPost } from '../../api/client';
import { formatDay } from '../../lib/format';
import { useT } from '../i18n/client';
import { StarPicker } from './star-picker';

type Rated = { rating: { score: number; comment: string; editable_until: string } | null; can_rate: boolean };

/** the rating of a delivered shipment: stars in half steps (default 5) and a comment; editable while the server allows */
export function RatingForm({ token, id, initial, locale }: { token: string; id: number; initial: Rated; locale: string }) {
  const t = useT();
  const [score, setScore] = useState(initial.rating?.score ?? 5);
  const [comment, setComment] = useState(initial.rating?.comment ?? '');
  const [state, setState] = useState<Rated>(initial);
  const [status, setStatus] = useState<'idle' | 'sending' | 'saved' | string>('idle');
  const submit = async () => {
    setStatus('sending');
    try {
      setState(await apiPost<Rated>('/v1/shipments/rating', { token, id, rating: score, comment }, { language: locale }));
      setStatus('saved');
    } catch (error) {
      const code = error instanceof ApiClientError ? error.errors[0]?.code : undefined;
      setStatus(code && code.startsWith('rating.') ? code : 'rating.error.failed');
    }
  };
  if (!state.can_rate && !state.rating) return <p className="notice">{t('rating.notYet')}</p>;
  return (
    <form
      method="post"
      className="rating-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="rating-form"
    >
      <StarPicker value={score} onChange={setScore} label={t('rating.stars')} locale={locale} />
      <label htmlFor="rating-comment">{t('rating.comment')}</label>
      <textarea id="rating-comment" rows={4} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
      {state.rating && (
        <p className="muted small">
          {t('rating.editableUntil', { date: formatDay(state.rating.editable_until, locale) })}
        </p>
      )}
      <button type="submit" className="button primary" disabled={status === 'sending' || !state.can_rate} data-testid="rating-submit">
        {state.rating ? t('rating.update') : t('rating.send')}
      </button>
      {status === 'saved' && (
        <p className="notice" role="status" data-testid="rating-saved">
          {t('rating.thanks')}
        </p>
      )}
      {status !== 'idle' && status !== 'sending' && status !== 'saved' && (
        <p className="notice notice-error" role="alert">
          {t(status)}
        </p>
      )}
    </form>
  );
}
