'use client';
import { useEffect, useRef, useState } from 'react';
import { CUSTOMS_INVOICE_PATH, MAX_CUSTOMS_INVOICE_FILES } from '../../lib/customs-invoice';
import type { PageLocale } from '../../routes';
import { formatSize } from '../claims/upload';
import { useT } from '../i18n/client';
import { ensureAnonymousId } from '../../state/anonymous-id';

type Uploaded = { id: string; name: string; size: number };
type Pending = { key: number; name: string; percent: number };

/** names and sizes of the uploaded files, by id: the draft keeps only the ids */
const NAMES_KEY = 'zslt_customs_invoice_names';
const readNames = (): Record<string, { name: string; size: number }> => {
  try {
    return JSON.parse(sessionStorage.getItem(NAMES_KEY) ?? '{}') as Record<string, { name: string; size: number }>;
  } catch {
    return {};
  }
};
const rememberName = (file: Uploaded) => {
  try {
    sessionStorage.setItem(NAMES_KEY, JSON.stringify({ ...readNames(), [file.id]: { name: file.name, size: file.size } }));
  } catch {
    // private mode: the list shows a generic name after a reload
  }
};

type ServerError = { status: number; code: string | null };

type Answer = { data?: Uploaded; errors?: { code: string }[] };
const parseAnswer = (text: string): Answer | null => {
  try {
    return JSON.parse(text) as Answer;
  } catch {
    return null;
  }
};

/** POST with upload progress (fetch reports none) */
function uploadFile(file: File, language: string, onProgress: (percent: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', CUSTOMS_INVOICE_PATH);
    xhr.setRequestHeader('language', language);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      const body = parseAnswer(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) resolve(body.data);
      else reject({ status: xhr.status, code: body?.errors?.[0]?.code ?? null } satisfies ServerError);
    };
    xhr.onerror = () => reject({ status: 0, code: null } satisfies ServerError);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

const MAX_BYTES = 10 * 1024 * 1024;
const TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/**
 * The customs step's own invoice: each chosen file is uploaded at once (to R2, through
 * POST v1/shipments/customs-invoice) with its progress; the uploaded ones are listed with a
 * remove button; the ids go into the draft's customs.invoiceFiles.
 */
export function CustomsInvoiceUpload({ locale, ids, onChange }: { locale: PageLocale; ids: string[]; onChange: (ids: string[]) => void }) {
  const t = useT();
  const [pending, setPending] = useState<Pending[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [names, setNames] = useState<Record<string, { name: string; size: number }>>({});
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const nextKey = useRef(0);
  useEffect(() => setNames(readNames()), []);

  const errorText = (name: string, error: ServerError) =>
    error.code === 'validation.file_type' || error.code === 'validation.file_size' || error.code === 'validation.upload_quota'
      ? `${name}: ${t(error.code)}`
      : error.status === 413
        ? `${name}: ${t('validation.file_size')}`
        : t('configurator.customs.upload.failed', { name });

  const add = (files: File[]) => {
    setErrors([]);
    const room = MAX_CUSTOMS_INVOICE_FILES - idsRef.current.length - pending.length;
    const problems: string[] = [];
    if (files.length > room) problems.push(t('configurator.customs.upload.tooMany', { max: MAX_CUSTOMS_INVOICE_FILES }));
    ensureAnonymousId();
    for (const file of files.slice(0, Math.max(0, room))) {
      // what the browser can tell at once; the server checks the bytes
      if (file.size > MAX_BYTES) {
        problems.push(`${file.name}: ${t('validation.file_size')}`);
        continue;
      }
      if (file.type && !TYPES.includes(file.type)) {
        problems.push(`${file.name}: ${t('validation.file_type')}`);
        continue;
      }
      const key = nextKey.current++;
      setPending((p) => [...p, { key, name: file.name, percent: 0 }]);
      uploadFile(file, locale, (percent) => setPending((p) => p.map((x) => (x.key === key ? { ...x, percent } : x))))
        .then((uploaded) => {
          rememberName(uploaded);
          setNames((n) => ({ ...n, [uploaded.id]: { name: uploaded.name, size: uploaded.size } }));
          onChange([...idsRef.current, uploaded.id]);
        })
        .catch((error: ServerError) => setErrors((e) => [...e, errorText(file.name, error)]))
        .finally(() => setPending((p) => p.filter((x) => x.key !== key)));
    }
    setErrors(problems);
  };

  const remove = async (id: string) => {
    setErrors([]);
    const res = await fetch(`${CUSTOMS_INVOICE_PATH}/${id}`, { method: 'DELETE', headers: { language: locale } }).catch(() => null);
    // gone already (404) is as good as removed
    if (res && (res.ok || res.status === 404)) onChange(idsRef.current.filter((x) => x !== id));
    else setErrors([t('configurator.customs.upload.removeFailed')]);
  };

  return (
    <div className="cfg-upload" data-testid="invoice-upload">
      <label className="cfg-field" htmlFor="cfg-invoice-files">
        <span>{t('configurator.customs.invoiceFiles')}</span>
        <input
          id="cfg-invoice-files"
          type="file"
          multiple
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          aria-describedby="cfg-invoice-hint"
          disabled={ids.length + pending.length >= MAX_CUSTOMS_INVOICE_FILES}
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <small id="cfg-invoice-hint" className="cfg-hint">
          {t('configurator.customs.upload.hint', { max: MAX_CUSTOMS_INVOICE_FILES })}
        </small>
      </label>
      {pending.length > 0 && (
        <ul className="cfg-files" aria-live="polite">
          {pending.map((p) => (
            <li key={p.key} data-testid="invoice-pending">
              <span>{t('configurator.customs.upload.uploading', { name: p.name, percent: p.percent })}</span>
              <progress max={100} value={p.percent} aria-label={p.name} />
            </li>
          ))}
        </ul>
      )}
      {errors.length > 0 && (
        <ul className="field-error cfg-upload-errors" role="alert" data-testid="invoice-errors">
          {errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      )}
      {ids.length > 0 && (
        <ul className="cfg-files" data-testid="invoice-files">
          {ids.map((id) => {
            const file = names[id];
            const name = file?.name ?? t('configurator.customs.invoice');
            return (
              <li key={id} data-testid="invoice-file">
                <span>
                  {name}
                  {file && <small className="muted"> ({formatSize(file.size)})</small>}
                </span>
                <button type="button" className="cfg-link-button" onClick={() => void remove(id)} aria-label={t('configurator.customs.upload.remove', { name })}>
                  {t('configurator.customs.removeItem')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
