'use client';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { ApiClientError } from '../../api/client';
import { issueErrors, serverErrors, type FormErrors } from '../../lib/form-errors';
import type { PageLocale } from '../../routes';
import { ClaimMessageSchema, MESSAGE_MAX } from '../../lib/schemas/claims';
import { FormMessage, focusFirstInvalid, SubmitButton, useErrorText } from '../account/form-kit';
import { useT } from '../i18n/client';
import { FilePicker } from './file-picker';
import { apiUpload, MAX_FILE_MB } from './upload';
import './claims.css';

/** A message to the team with files; the page reloads with it in the timeline. Files stay chosen on an error. */
export function ClaimReply({ token, locale, filesLeft }: { token: string; locale: PageLocale; filesLeft: number }) {
  const t = useT();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const parsed = v.safeParse(ClaimMessageSchema, { body });
  const fileErrors: FormErrors = files.length > filesLeft ? { files: 'claims.error.file_count' } : files.some((f) => f.size > MAX_FILE_MB * 1024 * 1024) ? { files: 'claims.error.file_size' } : {};
  const errors: FormErrors = { ...(submitted ? { ...(parsed.success ? {} : issueErrors(parsed.issues)), ...fileErrors } : {}), ...server };

  const send = async () => {
    setSubmitted(true);
    setMessage(null);
    if (!parsed.success || Object.keys(fileErrors).length > 0) return focusFirstInvalid(formRef.current);
    const form = new FormData();
    form.append('body', parsed.output.body);
    for (const file of files) form.append('files', file, file.name);
    setBusy(true);
    try {
      await apiUpload(`/v1/claims/${encodeURIComponent(token)}/messages`, form, locale);
      window.location.reload();
    } catch (error) {
      setBusy(false);
      const fields = error instanceof ApiClientError ? serverErrors(error.errors) : {};
      setServer(fields);
      if (error instanceof ApiClientError && error.status === 413) setMessage(t('claims.error.tooLarge'));
      else if (error instanceof ApiClientError && error.status === 429) setMessage(t('claims.error.tooMany'));
      else if (Object.keys(fields).length === 0) setMessage(t('claims.error.generic'));
      focusFirstInvalid(formRef.current);
    }
  };

  return (
    <form
      method="post"
      ref={formRef}
      className="acc-form claims-form claim-reply"
      noValidate
      data-testid="claim-reply"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <h2>{t('claims.message.title')}</h2>
      <div className="acc-grid">
        <div className="acc-field acc-span">
          <label htmlFor="body">
            {t('claims.message.field')}
            <span aria-hidden="true"> *</span>
          </label>
          <textarea
            id="body"
            name="body"
            rows={5}
            value={body}
            maxLength={MESSAGE_MAX}
            onChange={(e) => {
              setBody(e.target.value);
              setServer(({ body: _dropped, ...rest }) => rest);
            }}
            aria-required
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? 'body-error' : undefined}
          />
          {errors.body && (
            <p className="field-error" id="body-error" data-testid="body-error">
              {errorText(errors.body)}
            </p>
          )}
        </div>
        {filesLeft > 0 && (
          <FilePicker
            id="reply-files"
            files={files}
            error={errors.files}
            onChange={(next) => {
              setFiles(next);
              setServer(({ files: _dropped, ...rest }) => rest);
            }}
          />
        )}
      </div>
      {message && (
        <FormMessage kind="error" testId="claim-reply-message">
          {message}
        </FormMessage>
      )}
      <SubmitButton busy={busy} className="button primary" testId="claim-reply-submit">
        {t('claims.message.submit')}
      </SubmitButton>
    </form>
  );
}
