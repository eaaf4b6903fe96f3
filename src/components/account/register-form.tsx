'use client';
import { useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { apiGet, apiPost, ApiClientError } from '../../api/client';
import { issueErrors, type FormErrors } from '../../lib/form-errors';
import { RegisterSchema, PASSWORD_MIN_LENGTH } from '../../lib/schemas/account';
import { readCookie, SESSION_COOKIE } from '../../lib/cookie-auth';
import { isValidIco } from '../../lib/validators';
import { href, type PageLocale } from '../../routes';
import { pushAnalytics } from '../../state/analytics';
import { useT } from '../i18n/client';
import { focusFirstInvalid, FormMessage, SubmitButton, TextInput, useErrorText } from './form-kit';
import { accountFailure } from './sign-in';
import { initialValues, requestOf, TEXT_KEYS, type BusinessCountry, type Segment, type TextKey, type Values } from './register-request';
import type { FormPostState } from '../../lib/form-post';

/** the values a posted form (without JavaScript) comes back with: all but the password */
function valuesOf(posted: FormPostState | null, territory: BusinessCountry): Values {
  const values = initialValues(posted?.values.country === 'sk' ? 'sk' : posted?.values.country === 'cz' ? 'cz' : territory);
  if (!posted) return values;
  for (const key of TEXT_KEYS) if (key !== 'password') values[key] = posted.values[key] ?? '';
  values.terms = posted.values.terms === 'true';
  return values;
}

/** GET v1/company/lookup: `sample` when the business register could not be reached */
type Company = { ico: string; dic: string | null; company: string; street: string; city: string; zip: string; country: string; source: 'ares' | 'sample' };

/**
 * Registration (Step 4): a personal or a business account. A business gives its IČO
 * (the register fills the company and its address), DIČ, IČ DPH in Slovakia, its address.
 * Errors show next to their fields once a field was left or the form sent; server errors
 * land on the same fields. A success signs the user in and loads `returnTo`.
 */
export function RegisterForm({
  locale,
  territory,
  returnTo,
  loginHref,
  from = null,
  posted = null,
}: {
  locale: PageLocale;
  territory: BusinessCountry;
  returnTo: string;
  loginHref: string;
  /** the route to return to (spec §2.2), kept in the address the form posts to */
  from?: string | null;
  /** the outcome of this form posted without JavaScript */
  posted?: FormPostState | null;
}) {
  const t = useT();
  const errorText = useErrorText();
  const form = useRef<HTMLFormElement>(null);
  const [segment, setSegment] = useState<Segment>(posted?.values.segment === 'B' ? 'B' : 'A');
  const [values, setValues] = useState<Values>(() => valuesOf(posted, territory));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FormErrors>(posted?.errors ?? {});
  const [message, setMessage] = useState<string | null>(posted?.message?.kind === 'error' ? t(posted.message.id) : null);
  const [checkMail, setCheckMail] = useState<string | null>(posted?.message?.kind === 'success' ? t(posted.message.id, posted.message.values) : null);
  const [lookup, setLookup] = useState<{ busy: boolean; note: { kind: 'success' | 'info' | 'error'; text: string } | null }>({ busy: false, note: null });
  const [busy, setBusy] = useState(false);

  const parsed = useMemo(() => v.safeParse(RegisterSchema, requestOf(segment, values, locale)), [segment, values, locale]);
  const clientErrors = useMemo(() => (parsed.success ? {} : issueErrors(parsed.issues)), [parsed]);
  const errors: FormErrors = { ...server };
  for (const [field, id] of Object.entries(clientErrors)) if (submitted || touched.has(field)) errors[field] ??= id;

  const set = (key: keyof Values) => (value: string | boolean) => {
    setValues((old) => ({ ...old, [key]: value }));
    setServer(({ [key]: _dropped, ...rest }) => rest);
  };
  const touch = (key: string) => setTouched((old) => (old.has(key) ? old : new Set(old).add(key)));
  const field = (key: TextKey) => ({ id: `reg-${key}`, value: values[key], onChange: set(key), error: errors[key] });

  const fillFromRegister = async () => {
    const ico = values.ico.replace(/\s/g, '');
    touch('ico');
    if (!isValidIco(ico)) {
      setLookup({ busy: false, note: null });
      setServer((old) => ({ ...old, ico: ico === '' ? 'validation.required' : 'validation.tin' }));
      focusFirstInvalid(form.current);
      return;
    }
    setLookup({ busy: true, note: null });
    try {
      const company = await apiGet<Company>(`/v1/company/lookup?ico=${encodeURIComponent(ico)}`, { language: locale });
      const country: BusinessCountry = company.country.toLowerCase() === 'sk' ? 'sk' : 'cz';
      setValues((old) => ({ ...old, ico: company.ico, company: company.company, dic: company.dic ?? old.dic, street: company.street, city: company.city, zip: company.zip, country }));
      setServer(({ ico: _i, company: _c, dic: _d, street: _s, city: _ci, zip: _z, country: _co, ...rest }) => rest);
      setLookup({ busy: false, note: company.source === 'sample' ? { kind: 'info', text: t('register.lookupSample') } : { kind: 'success', text: t('register.lookupDone') } });
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 404) {
        setServer((old) => ({ ...old, ico: 'register.icoNotFound' }));
        setLookup({ busy: false, note: null });
      } else if (error instanceof ApiClientError && error.status === 400) {
        setServer((old) => ({ ...old, ico: 'validation.tin' }));
        setLookup({ busy: false, note: null });
      } else {
        setLookup({ busy: false, note: error instanceof ApiClientError ? { kind: 'error', text: t('register.lookupFailed') } : null });
      }
    }
  };

  const submit = async () => {
    setSubmitted(true);
    setMessage(null);
    if (!parsed.success) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await apiPost('/v1/user/register', parsed.output, { language: locale });
      // a new account is signed in (the session cookie); a taken address was e-mailed instead
      if (!readCookie(document.cookie, SESSION_COOKIE)) {
        setBusy(false);
        setValues((old) => ({ ...old, password: '' }));
        setCheckMail(t('register.checkMail', { email: values.email.trim() }));
        return;
      }
      pushAnalytics({ event: 'completeRegistration', segment });
      window.location.assign(returnTo);
    } catch (error) {
      setBusy(false);
      const fields = accountFailure(error, locale);
      if (!fields) return;
      setServer(fields);
      if (fields.password) setValues((old) => ({ ...old, password: '' }));
      // errors of fields the form does not show are listed as 'field: message' (spec §8)
      const shown = new Set(Object.keys(requestOf(segment, values, locale)));
      const elsewhere = Object.entries(fields).filter(([f]) => !shown.has(f) || f === 'segment' || f === 'language');
      if (elsewhere.length > 0) setMessage(elsewhere.map(([f, id]) => `${f}: ${errorText(id)}`).join(' · '));
      else if (Object.keys(fields).length === 0) setMessage(t('account.error.generic'));
      focusFirstInvalid(form.current);
    }
  };

  const business = segment === 'B';
  return (
    <form
      ref={form}
      method="post"
      action={`${href('register', locale)}${from ? `?from=${encodeURIComponent(from)}` : ''}`}
      className="acc-form register-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onBlur={(e) => {
        const target: EventTarget = e.target;
        if ((target instanceof HTMLInputElement || target instanceof HTMLSelectElement) && target.name.startsWith('reg-')) touch(target.name.slice(4));
      }}
    >
      <fieldset className="segment-choice" data-testid="segment-choice">
        <legend>{t('register.segment')}</legend>
        {(['A', 'B'] as const).map((s) => (
          <label key={s} className={`segment-option${segment === s ? ' is-selected' : ''}`}>
            <input type="radio" name="segment" value={s} checked={segment === s} onChange={() => setSegment(s)} data-testid={`segment-${s}`} />
            <span>
              <strong>{t(s === 'A' ? 'register.personal' : 'register.business')}</strong>
              <small>{t(s === 'A' ? 'register.personalHint' : 'register.businessHint')}</small>
            </span>
          </label>
        ))}
      </fieldset>

      {business && (
        <fieldset className="acc-section" data-testid="business-fields">
          <legend>{t('register.companySection')}</legend>
          <div className="acc-grid">
            <div className="acc-field">
              <label htmlFor="reg-country">{t('register.country')}</label>
              <select id="reg-country" name="reg-country" value={values.country} onChange={(e) => set('country')(e.target.value)} aria-invalid={errors.country ? true : undefined}>
                <option value="cz">{t('territory.cz')}</option>
                <option value="sk">{t('territory.sk')}</option>
              </select>
              {errors.country && <p className="field-error">{errorText(errors.country)}</p>}
            </div>
            <TextInput
              {...field('ico')}
              label={t('register.ico')}
              required
              inputMode="numeric"
              maxLength={12}
              autoComplete="off"
              action={
                <button type="button" className="button" onClick={() => void fillFromRegister()} disabled={lookup.busy} aria-busy={lookup.busy || undefined} data-testid="ico-lookup">
                  {lookup.busy && <span className="acc-spinner" aria-hidden="true" />}
                  {t('register.lookup')}
                </button>
              }
            />
            {lookup.note && (
              <div className="acc-span">
                <FormMessage kind={lookup.note.kind} testId="ico-lookup-note">
                  {lookup.note.text}
                </FormMessage>
              </div>
            )}
            <TextInput {...field('company')} label={t('register.company')} required autoComplete="organization" className="acc-span" />
            <TextInput {...field('dic')} label={t('register.dic')} hint={t(values.country === 'sk' ? 'register.dicHintSk' : 'register.dicHint')} autoComplete="off" />
            {values.country === 'sk' && <TextInput {...field('ic_dph')} label={t('register.icDph')} hint={t('register.icDphHint')} autoComplete="off" />}
            <TextInput {...field('street')} label={t('register.street')} required autoComplete="address-line1" className="acc-span" />
            <TextInput {...field('city')} label={t('register.city')} required autoComplete="address-level2" />
            <TextInput {...field('zip')} label={t('register.zip')} required autoComplete="postal-code" inputMode="numeric" maxLength={6} />
          </div>
        </fieldset>
      )}

      <fieldset className="acc-section">
        <legend>{t(business ? 'register.contactSection' : 'register.personalSection')}</legend>
        <div className="acc-grid">
          <TextInput {...field('firstname')} label={t('register.firstname')} required autoComplete="given-name" />
          <TextInput {...field('surname')} label={t('register.surname')} required autoComplete="family-name" />
          <TextInput {...field('email')} label={t('register.email')} required type="email" autoComplete="email" />
          <TextInput {...field('phone')} label={t('register.phone')} required type="tel" autoComplete="tel" hint={t('register.phoneHint')} />
          <TextInput
            {...field('password')}
            label={t('register.password')}
            required
            type="password"
            autoComplete="new-password"
            hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          />
        </div>
      </fieldset>

      <div className="acc-field">
        <label className="acc-check">
          <input
            type="checkbox"
            id="reg-terms"
            name="reg-terms"
            checked={values.terms}
            onChange={(e) => set('terms')(e.target.checked)}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'reg-terms-error' : undefined}
          />
          <span>
            {t('register.termsBefore')}{' '}
            <a href={href('terms', locale)} target="_blank" rel="noopener">
              {t('register.termsLink')}
            </a>{' '}
            {t('register.termsAfter')}{' '}
            <a href={href('privacy', locale)} target="_blank" rel="noopener">
              {t('register.privacyLink')}
            </a>
            .
          </span>
        </label>
        {errors.terms && (
          <p className="field-error" id="reg-terms-error" data-testid="reg-terms-error">
            {errorText(errors.terms)}
          </p>
        )}
      </div>

      {checkMail && (
        <FormMessage kind="success" testId="register-check-mail">
          {checkMail}
        </FormMessage>
      )}
      {message && (
        <FormMessage kind="error" testId="register-message">
          {message}
        </FormMessage>
      )}
      <SubmitButton busy={busy} className="button primary big" testId="register-submit">
        {t('register.submit')}
      </SubmitButton>
      <p className="acc-register">
        {t('register.haveAccount')} <a href={loginHref}>{t('register.signIn')}</a>
      </p>
    </form>
  );
}
