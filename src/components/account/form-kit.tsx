'use client';
import { useCallback, type ReactNode } from 'react';
import { useT } from '../i18n/client';
import './account.css';

/** The account forms' parts: labelled inputs with their error next to them, the submit button with its loading state. */

/** a translation id in the user's language; an id without a text (a server code we do not know) as the generic invalid value */
export function useErrorText() {
  const t = useT();
  return useCallback(
    (id: string, values?: Record<string, string | number>) => {
      const text = t(id, values);
      return text === id ? t('validation.invalid') : text;
    },
    [t],
  );
}

type InputProps = {
  id: string;
  /** the name the form posts it under (without JavaScript); the id by default */
  name?: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  required?: boolean;
  maxLength?: number;
  className?: string;
  /** a control beside the input (the IČO lookup) */
  action?: ReactNode;
};

export function TextInput({ id, name, label, value, onChange, error, hint, type = 'text', autoComplete, inputMode, required, maxLength, className, action }: InputProps) {
  const errorText = useErrorText();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      id={id}
      name={name ?? id}
      type={type}
      value={value}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  return (
    <div className={`acc-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {action ? (
        <div className="acc-input-action">
          {input}
          {action}
        </div>
      ) : (
        input
      )}
      {hint && (
        <p className="acc-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} data-testid={`${id}-error`}>
          {errorText(error)}
        </p>
      )}
    </div>
  );
}

export function SubmitButton({ busy, children, className = 'button primary', testId }: { busy: boolean; children: ReactNode; className?: string; testId?: string }) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy || undefined} data-testid={testId}>
      {busy && <span className="acc-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** a form-level message: errors as alerts, outcomes as status */
export function FormMessage({ kind, children, testId }: { kind: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  return (
    <div className={`acc-message acc-${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}

/** after a failed submit: the first invalid field gets the focus (its error is next to it) */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
