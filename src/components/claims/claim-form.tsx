'use client';
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { apiPost, ApiClientError } from '../../api/client';
import { issueErrors, serverErrors, type FormErrors } from '../../lib/form-errors';
import { href, type PageLocale } from '../../routes';
import { ClaimSchema, CLAIM_REASON_VALUES, DESCRIPTION_MAX, DESCRIPTION_MIN, FindReferenceSchema } from '../../lib/schemas/claims';
import { FormMessage, focusFirstInvalid, SubmitButton, TextInput, useErrorText } from '../account/form-kit';
import { useT } from '../i18n/client';
import { FilePicker } from './file-picker';
import { apiUpload, MAX_FILE_MB, MAX_FILES } from './upload';
import './claims.css';

type Found = { shipment: { tracking_number: string; carrier: { code: string; name: string }; status: string; delivered_at: string | null }; reference: string | null };
type Find = { tracking_number: string; token: string; email: string };
type Details = { reason: string; description: string; bank_account: string; contact_email: string };

const errorsOf = (error: unknown) => (error instanceof ApiClientError ? serverErrors(error.errors) : {});

/**
 * /reklamace (issue 11): step 1 finds the parcel by its number and the order's token or an
 * e-mail of it (prefilled from ?id=…&token=…), step 2 is the claim with its files. On an
 * error nothing typed is lost: the chosen files are kept as File objects and sent again.
 */
export function ClaimForm({ locale, initial }: { locale: PageLocale; initial: Find }) {
  const t = useT();
  const errorText = useErrorText();
  const findRef = useRef<HTMLFormElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [find, setFind] = useState<Find>(initial);
  const [found, setFound] = useState<Found | null>(null);
  const [details, setDetails] = useState<Details>({ reason: '', description: '', bank_account: '', contact_email: initial.email });
  const [files, setFiles] = useState<File[]>([]);
  const [submitted, setSubmitted] = useState({ find: false, claim: false });
  const [server, setServer] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ token: string; number: string; email: string } | null>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const findParsed = v.safeParse(FindReferenceSchema, find);
  const findErrors: FormErrors = { ...(submitted.find && !findParsed.success ? issueErrors(findParsed.issues) : {}), ...server };
  const proof = found?.reference ? { token: found.reference, email: '' } : { token: find.token, email: find.email };
  const claimBody = { tracking_number: find.tracking_number, ...proof, ...details, language: locale };
  const claimParsed = v.safeParse(ClaimSchema, claimBody);
  const clientFileErrors: FormErrors = files.length > MAX_FILES ? { files: 'claims.error.file_count' } : files.some((f) => f.size > MAX_FILE_MB * 1024 * 1024) ? { files: 'claims.error.file_size' } : {};
  const claimClientErrors = { ...(claimParsed.success ? {} : issueErrors(claimParsed.issues)), ...clientFileErrors };
  const claimErrors: FormErrors = { ...(submitted.claim ? claimClientErrors : {}), ...server };

  const setFindField = (key: keyof Find) => (value: string) => {
    setFind((old) => ({ ...old, [key]: value }));
    setServer(({ [key]: _dropped, ...rest }) => rest);
    setMessage(null);
  };
  const setDetail = (key: keyof Details | 'files') => (value: string) => {
    if (key !== 'files') setDetails((old) => ({ ...old, [key]: value }));
    setServer(({ [key]: _dropped, ...rest }) => rest);
  };

  const lookUp = async () => {
    setSubmitted((s) => ({ ...s, find: true }));
    setMessage(null);
    if (!findParsed.success) return focusFirstInvalid(findRef.current);
    setBusy(true);
    try {
      const data = await apiPost<Found>('/v2/issues/find-reference', findParsed.output, { language: locale });
      setFound(data);
      setServer({});
      setDetails((old) => ({ ...old, contact_email: old.contact_email || findParsed.output.email }));
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 404) setMessage(t('claims.notFound'));
      else if (error instanceof ApiClientError && error.status === 429) setMessage(t('claims.error.tooMany'));
      else {
        const fields = errorsOf(error);
        setServer(fields);
        if (Object.keys(fields).length === 0) setMessage(t('claims.error.generic'));
        focusFirstInvalid(findRef.current);
      }
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setSubmitted((s) => ({ ...s, claim: true }));
    setMessage(null);
    if (!claimParsed.success || Object.keys(clientFileErrors).length > 0) return focusFirstInvalid(formRef.current);
    const form = new FormData();
    for (const [key, value] of Object.entries(claimBody)) form.append(key, value);
    for (const file of files) form.append('files', file, file.name);
    setBusy(true);
    try {
      const data = await apiUpload<{ token: string; number: string }>('/v1/claims', form, locale);
      setDone({ ...data, email: claimParsed.output.contact_email });
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 404) {
        // the parcel is no longer provable (the reference expired): back to step 1, all else kept
        setFound(null);
        setMessage(t('claims.notFound'));
      } else if (error instanceof ApiClientError && error.status === 413) setMessage(t('claims.error.tooLarge'));
      else if (error instanceof ApiClientError && error.status === 429) setMessage(t('claims.error.tooMany'));
      else {
        const fields = errorsOf(error);
        setServer(fields);
        if (Object.keys(fields).length === 0) setMessage(t('claims.error.generic'));
        // an error of step 1's fields reopens it (with everything of step 2 kept)
        if (['tracking_number', 'token', 'email'].some((f) => f in fields)) setFound(null);
        focusFirstInvalid(formRef.current);
      }
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="claims-done" data-testid="claims-success">
        <h2 ref={doneRef} tabIndex={-1}>
          {t('claims.done.title', { number: done.number })}
        </h2>
        <p>{t('claims.done.text', { email: done.email })}</p>
        <p>
          <a className="button primary" href={href('claim-detail', locale, { token: done.token })} data-testid="claims-open">
            {t('claims.done.open')}
          </a>
        </p>
      </div>
    );
  }

  const submitButton = (label: string, testId: string) =>
    hydrated ? (
      <SubmitButton busy={busy} className="button primary" testId={testId}>
        {label}
      </SubmitButton>
    ) : (
      <button type="submit" className="button primary" disabled data-testid={testId}>
        {label}
      </button>
    );

  return (
    <div className="claims-steps">
      <section className="claims-step" aria-labelledby="claims-step1">
        <h2 id="claims-step1">{t('claims.step1.title')}</h2>
        {found ? (
          <div className="claims-found" data-testid="claims-found">
            <p>
              <strong>{t('claims.found', { number: found.shipment.tracking_number, carrier: found.shipment.carrier.name, status: t(`tracking.status.${found.shipment.status}`) })}</strong>
            </p>
            <button type="button" className="button" onClick={() => setFound(null)} data-testid="claims-change">
              {t('claims.change')}
            </button>
          </div>
        ) : (
          <form
            method="post"
            ref={findRef}
            className="acc-form"
            noValidate
            data-testid="claims-find-form"
            onSubmit={(e) => {
              e.preventDefault();
              void lookUp();
            }}
          >
            <p className="muted">{t('claims.step1.text')}</p>
            <div className="acc-grid">
              <TextInput id="tracking_number" label={t('claims.field.trackingNumber')} value={find.tracking_number} onChange={setFindField('tracking_number')} error={findErrors.tracking_number} hint={t('claims.field.trackingNumberHint')} required maxLength={20} autoComplete="off" />
              <TextInput id="token" label={t('claims.field.token')} value={find.token} onChange={setFindField('token')} error={findErrors.token} hint={t('claims.field.tokenHint')} maxLength={200} autoComplete="off" />
              <TextInput id="email" type="email" label={t('claims.field.email')} value={find.email} onChange={setFindField('email')} error={findErrors.email} hint={t('claims.field.emailHint')} maxLength={254} autoComplete="email" />
            </div>
            {message && (
              <FormMessage kind="error" testId="claims-message">
                {message}
              </FormMessage>
            )}
            {submitButton(t('claims.find'), 'claims-find')}
          </form>
        )}
      </section>

      {found && (
        <section className="claims-step" aria-labelledby="claims-step2">
          <h2 id="claims-step2">{t('claims.step2.title')}</h2>
          <form
            method="post"
            ref={formRef}
            className="acc-form claims-form"
            noValidate
            data-testid="claims-form"
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <fieldset className="claims-reasons" aria-describedby={claimErrors.reason ? 'reason-error' : undefined} data-testid="claims-reasons">
              <legend>
                {t('claims.reason.legend')}
                <span aria-hidden="true"> *</span>
              </legend>
              {CLAIM_REASON_VALUES.map((reason) => (
                <label key={reason} className={`segment-option${details.reason === reason ? ' is-selected' : ''}`}>
                  <input type="radio" name="reason" value={reason} checked={details.reason === reason} onChange={() => setDetail('reason')(reason)} aria-invalid={claimErrors.reason ? true : undefined} data-testid={`reason-${reason}`} />
                  <span>{t(`claims.reason.${reason}`)}</span>
                </label>
              ))}
              {claimErrors.reason && (
                <p className="field-error" id="reason-error" data-testid="reason-error">
                  {errorText(claimErrors.reason)}
                </p>
              )}
            </fieldset>

            <div className="acc-grid">
              <div className="acc-field acc-span">
                <label htmlFor="description">
                  {t('claims.field.description')}
                  <span aria-hidden="true"> *</span>
                </label>
                <textarea
                  id="description"
                  name="description"
                  rows={7}
                  value={details.description}
                  maxLength={DESCRIPTION_MAX}
                  onChange={(e) => setDetail('description')(e.target.value)}
                  aria-required
                  aria-invalid={claimErrors.description ? true : undefined}
                  aria-describedby={claimErrors.description ? 'description-error description-hint' : 'description-hint'}
                />
                <p className="acc-hint" id="description-hint">
                  {t('claims.field.descriptionHint', { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX })}
                </p>
                {claimErrors.description && (
                  <p className="field-error" id="description-error" data-testid="description-error">
                    {errorText(claimErrors.description)}
                  </p>
                )}
              </div>
              <FilePicker
                id="files"
                files={files}
                error={claimErrors.files}
                onChange={(next) => {
                  setFiles(next);
                  setDetail('files')('');
                }}
              />
              <TextInput id="bank_account" label={t('claims.field.bankAccount')} value={details.bank_account} onChange={setDetail('bank_account')} error={claimErrors.bank_account} hint={t('claims.field.bankAccountHint')} required maxLength={64} autoComplete="off" />
              <TextInput id="contact_email" type="email" label={t('claims.field.contactEmail')} value={details.contact_email} onChange={setDetail('contact_email')} error={claimErrors.contact_email} required maxLength={254} autoComplete="email" />
            </div>
            <p className="acc-hint">{t('claims.required')}</p>
            {message && (
              <FormMessage kind="error" testId="claims-message">
                {message}
              </FormMessage>
            )}
            {submitButton(t('claims.submit'), 'claims-submit')}
          </form>
        </section>
      )}
    </div>
  );
}
