'use client';
import { useRef } from 'react';
import { useErrorText } from '../account/form-kit';
import { useT } from '../i18n/client';
import { FILE_ACCEPT, formatSize, MAX_FILE_MB, MAX_FILES } from './upload';

/**
 * The attachments: the chosen File objects live in the form's state (not in the input), so
 * they stay chosen after a server error and are sent again; each can be removed.
 */
export function FilePicker({ id, files, onChange, error }: { id: string; files: File[]; onChange: (files: File[]) => void; error?: string }) {
  const t = useT();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="acc-field acc-span claims-files">
      <label htmlFor={id}>{t('claims.field.files')}</label>
      <input
        ref={input}
        id={id}
        name="files"
        type="file"
        multiple
        accept={FILE_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        data-testid={`${id}-input`}
        onChange={(e) => {
          const added = Array.from(e.target.files ?? []);
          onChange([...files, ...added]);
          // the input is emptied: the list below is what is sent
          e.target.value = '';
        }}
      />
      <p className="acc-hint" id={`${id}-hint`}>
        {t('claims.field.filesHint', { count: MAX_FILES, size: MAX_FILE_MB })}
      </p>
      {files.length > 0 && (
        <ul className="claims-file-list" data-testid={`${id}-list`}>
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <span>
                {file.name} <small className="muted">({formatSize(file.size)})</small>
              </span>
              <button type="button" className="button link" onClick={() => onChange(files.filter((_, j) => j !== i))} aria-label={t('claims.files.remove', { name: file.name })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} data-testid={`${id}-error`}>
          {errorText(error)}
        </p>
      )}
    </div>
  );
}
