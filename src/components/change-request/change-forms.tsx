'use client';
import { useState } from 'react';
import { ApiClientError, apiPost } from '../../api/client';
import { formatDayTime } from '../../lib/format';
import { useT } from '../i18n/client';

type Kind = 'address' | 'contact' | 'cod' | 'date';
export type ChangeState = {
  tracking_number: string;
  status: string;
  allowed: Record<Kind, boolean>;
  current: { to: { street: string; city: string; zip: string; country: string; phone: string; email: string }; cod: { value: number; currency: string } | null };
  requests: { id: number; kind: Kind; status: 'accepted' | 'rejected'; created_at: string }[];
};

/** /zadost-o-zmenu: the tracking number and the order's e-mail; the link goes to that e-mail */
export function ChangeLinkForm({ locale }: { locale: string }) {
  const t = useT();
  const [id, setId] = useState('');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (sent) return <p className="notice" role="status" data-testid="change-link-sent">{t('change.linkSent')}</p>;
  return (
    <form
      method="post"
      className="change-form"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await apiPost('/v1/change-request/link', { id: id.trim().toUpperCase(), email: email.trim() }, { language: locale });
          setSent(true);
        } catch (err) {
          setError(err instanceof ApiClientError && err.status === 400 ? 'change.error.fields' : 'change.error.failed');
        }
      }}
    >
      <label htmlFor="change-id">{t('change.trackingNumber')}</label>
      <input id="change-id" value={id} onChange={(e) => setId(e.target.value)} placeholder="IZ0000000000" autoComplete="off" required />
      <label htmlFor="change-email">{t('change.orderEmail')}</label>
      <input id="change-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required />
      {error && (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      )}
      <button type="submit" className="button primary">
        {t('change.sendLink')}
      </button>
    </form>
  );
}

/** /zadost-o-zmenu/:trackingNumber/:token: what can still change, the form of the chosen change, the answers so far */
export function ChangeRequestForm({ token, initial, locale }: { token: string; initial: ChangeState; locale: string }) {
  const t = useT();
  const [state, setState] = useState(initial);
  const kinds = (['address', 'contact', 'cod', 'date'] as const).filter((k) => state.allowed[k]);
  const [kind, setKind] = useState<Kind | null>(kinds[0] ?? null);
  const [fields, setFields] = useState<Record<string, string>>({ street: initial.current.to.street, city: initial.current.to.city, zip: initial.current.to.zip, phone: initial.current.to.phone, email: initial.current.to.email, value: String(initial.current.cod?.value ?? ''), date: '' });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (name: string) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));
  const change = () =>
    kind === 'address' ? { kind, street: fields.street, city: fields.city, zip: fields.zip } : kind === 'contact' ? { kind, phone: fields.phone, email: fields.email } : kind === 'cod' ? { kind, value: Number(fields.value.replace(',', '.')) } : { kind, date: fields.date };
  const input = (name: string, type = 'text') => (
    <div className="change-field" key={name}>
      <label htmlFor={`change-${name}`}>{t(`change.field.${name}`)}</label>
      <input id={`change-${name}`} type={type} value={fields[name]} onChange={set(name)} inputMode={name === 'value' ? 'decimal' : undefined} />
    </div>
  );
  return (
    <div className="change-request" data-testid="change-request">
      {kinds.length === 0 ? (
        <p className="notice notice-warning" data-testid="change-none">
          {t('change.none')}
        </p>
      ) : (
        <form
          method="post"
          className="change-form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!kind) return;
            try {
              setState(await apiPost<ChangeState>('/v1/change-request', { id: state.tracking_number, token, change: change() }, { language: locale }));
              setMessage({ ok: true, text: t('change.accepted') });
            } catch (err) {
              const code = err instanceof ApiClientError ? err.errors[0]?.code : undefined;
              setMessage({ ok: false, text: t(code === 'change.error.not_allowed' || code === 'change.error.date' || code === 'change.error.nothing_changed' ? code : err instanceof ApiClientError && err.status === 400 ? 'change.error.fields' : 'change.error.failed') });
            }
          }}
        >
          <fieldset className="change-kinds">
            <legend>{t('change.what')}</legend>
            {kinds.map((k) => (
              <label key={k} className="checkout-option">
                <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} data-testid={`change-kind-${k}`} />
                <span>{t(`change.kind.${k}`)}</span>
              </label>
            ))}
          </fieldset>
          {kind === 'address' && [input('street'), input('city'), input('zip')]}
          {kind === 'contact' && [input('phone', 'tel'), input('email', 'email')]}
          {kind === 'cod' && input('value')}
          {kind === 'date' && input('date', 'date')}
          <button type="submit" className="button primary" data-testid="change-submit">
            {t('change.submit')}
          </button>
          {message && (
            <p className={message.ok ? 'notice' : 'notice notice-error'} role="status" data-testid="change-message">
              {message.text}
            </p>
          )}
        </form>
      )}
      {state.requests.length > 0 && (
        <section>
          <h2>{t('change.history')}</h2>
          <ul className="change-history" data-testid="change-history">
            {state.requests.map((r) => (
              <li key={r.id}>
                <strong>{t(`change.kind.${r.kind}`)}</strong> · <span className={r.status === 'accepted' ? 'tag ok' : 'tag err'}>{t(`change.status.${r.status}`)}</span> ·{' '}
                <span className="muted">{formatDayTime(r.created_at, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
