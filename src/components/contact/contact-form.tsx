'use client';
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { apiPost, ApiClientError } from '../../api/client';
import { issueErrors, serverErrors, type FormErrors } from '../../lib/form-errors';
import { CONTACT_TOPICS, ContactSubmitSchema, MESSAGE_MAX_LENGTH, MONTHLY_PARCELS, type ContactForm as FormKind, type ContactTopic } from '../../lib/schemas/contact';
import type { PageLocale } from '../../routes';
import { FormMessage, focusFirstInvalid, SubmitButton, TextInput, useErrorText } from '../account/form-kit';
import { useT } from '../i18n/client';
import { contactFormEvent, pushAnalytics } from '../../state/analytics';
import './contact.css';

type TextKey = 'name' | 'email' | 'phone' | 'company' | 'ico' | 'message' | 'tracking_number' | 'website';
type Values = Record<TextKey, string> & { topic: ContactTopic | ''; monthly_parcels: string };

/** the fields each form shows (and sends); the rest of the state is kept, never sent */
const SHOWN: Record<FormKind, readonly string[]> = {
  contact: ['type', 'name', 'email', 'phone', 'message', 'tracking_number'],
  offer: ['company', 'ico', 'monthly_parcels', 'name', 'email', 'phone', 'message'],
};

function requestOf(form: FormKind, values: Values, startedAt: number) {
  const common = { name: values.name, email: values.email, phone: values.phone, message: values.message, website: values.website, started_at: startedAt };
  if (form === 'offer') return { form, type: 'sales', ...common, company: values.company, ico: values.ico, monthly_parcels: values.monthly_parcels };
  // the tracking number belongs to customer care: typed for another topic it stays in the field, unsent
  return { form, type: values.topic, ...common, tracking_number: values.topic === 'customer_care' ? values.tracking_number : '' };
}

/**
 * The contact form and the business get-offer form (issue 11): validated with the API's
 * schema, errors next to their fields once a field was left or the form sent, server field
 * errors on the same fields, nothing typed lost on an error; a success replaces the form.
 * It can only be sent once hydrated: `started_at` (the spam timer) is set on mount.
 */
export function ContactForm({
  form: kind,
  locale,
  initialTopic = 'customer_care',
  homeHref,
  privacyHref,
}: {
  form: FormKind;
  locale: PageLocale;
  initialTopic?: ContactTopic;
  homeHref: string;
  privacyHref: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [values, setValues] = useState<Values>({
    topic: kind === 'offer' ? 'sales' : initialTopic,
    name: '',
    email: '',
    phone: '',
    company: '',
    ico: '',
    monthly_parcels: '',
    message: '',
    tracking_number: '',
    website: '',
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => setStartedAt(Date.now()), []);
  useEffect(() => {
    if (sentTo) doneRef.current?.focus();
  }, [sentTo]);

  const body = requestOf(kind, values, startedAt);
  const parsed = v.safeParse(ContactSubmitSchema, body);
  const clientErrors = parsed.success ? {} : issueErrors(parsed.issues);
  const errors: FormErrors = { ...server };
  for (const [field, id] of Object.entries(clientErrors)) if (submitted || touched.has(field)) errors[field] ??= id;

  const set = (key: keyof Values) => (value: string) => {
    setValues((old) => ({ ...old, [key]: value }));
    setServer(({ [key]: _dropped, ...rest }) => rest);
  };
  const touch = (key: string) => setTouched((old) => (old.has(key) ? old : new Set(old).add(key)));
  const field = (key: TextKey) => ({ id: key, value: values[key], onChange: set(key), error: errors[key] });

  const submit = async () => {
    setSubmitted(true);
    setMessage(null);
    if (!parsed.success) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      await apiPost<{ ok: true; id?: number }>('/v1/contact/submit', parsed.output, { language: locale });
      pushAnalytics(contactFormEvent(parsed.output));
      setSentTo(parsed.output.email);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiClientError && error.status === 429) {
        setMessage(t('contact.error.tooMany'));
        return;
      }
      const fields = error instanceof ApiClientError ? serverErrors(error.errors) : {};
      setServer(fields);
      // errors of fields the form does not show are listed as 'field: message' (spec §8)
      const elsewhere = Object.entries(fields).filter(([f]) => !SHOWN[kind].includes(f));
      if (elsewhere.length > 0) setMessage(elsewhere.map(([f, id]) => (f === 'captcha_token' ? errorText(id) : `${f}: ${errorText(id)}`)).join(' · '));
      else if (Object.keys(fields).length === 0) setMessage(t('contact.error.generic'));
      focusFirstInvalid(formRef.current);
    }
  };

  if (sentTo) {
    return (
      <div className="contact-done" data-testid="contact-success">
        <h2 ref={doneRef} tabIndex={-1}>
          {t('contact.success.title')}
        </h2>
        <p>{t('contact.success.text', { email: sentTo })}</p>
        <p>
          <a href={homeHref} className="button primary">
            {t('contact.success.home')}
          </a>
        </p>
      </div>
    );
  }

  const topicError = errors.type;
  return (
    <form
      method="post"
      ref={formRef}
      className="acc-form contact-form"
      data-testid={`${kind}-form`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onBlur={(e) => {
        const target: EventTarget = e.target;
        if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) touch(target.name);
      }}
    >
      {kind === 'contact' && (
        <fieldset className="contact-topics" aria-describedby={topicError ? 'topic-error' : undefined} data-testid="contact-topics">
          <legend>{t('contact.topic.legend')}</legend>
          {CONTACT_TOPICS.map((topic) => (
            <label key={topic} className={`segment-option${values.topic === topic ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name="topic"
                value={topic}
                checked={values.topic === topic}
                onChange={() => set('topic')(topic)}
                aria-invalid={topicError ? true : undefined}
                data-testid={`topic-${topic}`}
              />
              <span>
                <strong>{t(`contact.topic.${topic}`)}</strong>
                <small>{t(`contact.topic.${topic}Hint`)}</small>
              </span>
            </label>
          ))}
          {topicError && (
            <p className="field-error" id="topic-error" data-testid="topic-error">
              {errorText(topicError)}
            </p>
          )}
        </fieldset>
      )}

      <div className="acc-grid">
        {kind === 'offer' && (
          <>
            <TextInput {...field('company')} label={t('contact.field.company')} required autoComplete="organization" />
            <TextInput {...field('ico')} label={t('contact.field.ico')} inputMode="numeric" maxLength={12} autoComplete="off" />
            <div className="acc-field acc-span">
              <label htmlFor="monthly_parcels">
                {t('contact.field.monthlyParcels')}
                <span aria-hidden="true"> *</span>
              </label>
              <select
                id="monthly_parcels"
                name="monthly_parcels"
                value={values.monthly_parcels}
                onChange={(e) => set('monthly_parcels')(e.target.value)}
                aria-required
                aria-invalid={errors.monthly_parcels ? true : undefined}
                aria-describedby={errors.monthly_parcels ? 'monthly_parcels-error' : undefined}
              >
                <option value="">{t('contact.field.monthlyParcelsPlaceholder')}</option>
                {MONTHLY_PARCELS.map((range) => (
                  <option key={range} value={range}>
                    {t(`contact.monthly.${range}`)}
                  </option>
                ))}
              </select>
              {errors.monthly_parcels && (
                <p className="field-error" id="monthly_parcels-error" data-testid="monthly_parcels-error">
                  {errorText(errors.monthly_parcels)}
                </p>
              )}
            </div>
          </>
        )}
        <TextInput {...field('name')} label={t('contact.field.name')} required autoComplete="name" maxLength={200} />
        <TextInput {...field('email')} label={t('contact.field.email')} required type="email" autoComplete="email" maxLength={254} />
        <TextInput {...field('phone')} label={t('contact.field.phone')} type="tel" autoComplete="tel" hint={t('contact.field.phoneHint')} maxLength={40} />
        {kind === 'contact' && values.topic === 'customer_care' && (
          <TextInput {...field('tracking_number')} label={t('contact.field.trackingNumber')} autoComplete="off" maxLength={20} hint={t('contact.field.trackingNumberHint')} />
        )}
        <div className="acc-field acc-span">
          <label htmlFor="message">
            {t('contact.field.message')}
            <span aria-hidden="true"> *</span>
          </label>
          <textarea
            id="message"
            name="message"
            rows={7}
            value={values.message}
            maxLength={MESSAGE_MAX_LENGTH}
            onChange={(e) => set('message')(e.target.value)}
            aria-required
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'message-error message-hint' : 'message-hint'}
          />
          <p className="acc-hint" id="message-hint">
            {t('contact.field.messageHint')}
          </p>
          {errors.message && (
            <p className="field-error" id="message-error" data-testid="message-error">
              {errorText(errors.message)}
            </p>
          )}
        </div>
      </div>

      {/* the honeypot: hidden from people and assistive technology; bots fill it */}
      <div className="contact-hp" aria-hidden="true">
        <label htmlFor="website">{t('contact.field.honeypot')}</label>
        <input
          id="website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          data-lpignore="true"
          data-1p-ignore
          value={values.website}
          onChange={(e) => set('website')(e.target.value)}
        />
      </div>

      <p className="acc-hint">{t('contact.required')}</p>
      <p className="contact-consent">
        {t('contact.consentBefore')}{' '}
        <a href={privacyHref} target="_blank" rel="noopener">
          {t('contact.privacyLink')}
        </a>
        .
      </p>

      {message && (
        <FormMessage kind="error" testId="contact-message">
          {message}
        </FormMessage>
      )}
      {/* disabled until hydrated: without JavaScript the form cannot be sent (the page says where to write instead) */}
      {startedAt === 0 ? (
        <button type="submit" className="button primary big" disabled data-testid="contact-submit">
          {t(kind === 'offer' ? 'contact.offerSubmit' : 'contact.submit')}
        </button>
      ) : (
        <SubmitButton busy={busy} className="button primary big" testId="contact-submit">
          {t(kind === 'offer' ? 'contact.offerSubmit' : 'contact.submit')}
        </SubmitButton>
      )}
    </form>
  );
}
