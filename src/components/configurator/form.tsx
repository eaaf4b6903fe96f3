'use client';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { FieldErrors } from '../../lib/configurator-form';
import { useT } from '../i18n/client';

/** Validation display of the configurator steps (spec §8): errors next to fields, invalid-form flash, scroll to the first error. */

/** spec §8, §9: the flash shown with the scroll to the first error stays 10 s and has a close button */
export const SCROLL_FLASH_MS = 10_000;
const SCROLL_OFFSET_PX = 90;
/** space between the invalid-form flash and the first error's label */
const FLASH_GAP_PX = 12;

export const fieldId = (path: string) => `f-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
const errorId = (path: string) => `${fieldId(path)}-error`;

/** A translation id ('validation.zip') in the user's language; server texts (quote restrictions) as they are. */
export function useErrorText() {
  const t = useT();
  return useCallback(
    (message: string) => {
      if (!/^(validation|configurator)\.[\w.]+$/.test(message)) return message;
      const text = t(message);
      return text === message ? t('validation.invalid') : text;
    },
    [t],
  );
}

export type StepForm = {
  /** errors to show now: server errors, and client errors of touched fields (all after a submit) */
  errors: FieldErrors;
  touch: (path: string) => void;
  /** the user changed a field: its server error no longer applies */
  changed: (path: string) => void;
  /** runs after a failed submit: flash and scroll to the first error */
  fail: (server?: FieldErrors) => void;
  flash: boolean;
  /** the flash's close button */
  dismissFlash: () => void;
  /** errors of fields the form does not show (listed as 'field: message') */
  unplaced: FieldErrors;
  formRef: React.RefObject<HTMLFormElement | null>;
};

/** `clientErrors` are recomputed from the draft on every render; only what the user has met is shown. */
export function useStepForm(clientErrors: FieldErrors): StepForm {
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [server, setServer] = useState<FieldErrors>({});
  const [flash, setFlash] = useState(false);
  const [unplaced, setUnplaced] = useState<FieldErrors>({});
  const [scrollRequest, setScrollRequest] = useState(0);
  const [scrollTarget, setScrollTarget] = useState<{ el: HTMLElement } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const errors = useMemo(() => {
    const shown: FieldErrors = { ...server };
    for (const [path, message] of Object.entries(clientErrors)) if (submitted || touched.has(path)) shown[path] = message;
    return shown;
  }, [clientErrors, server, submitted, touched]);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(false), SCROLL_FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  // after the render that marks the fields invalid
  useEffect(() => {
    if (scrollRequest === 0) return;
    const form = formRef.current;
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const placed = new Set([...(form?.querySelectorAll<HTMLElement>('[data-field]') ?? [])].map((el) => el.dataset.field));
    setUnplaced(Object.fromEntries(Object.entries(errorsRef.current).filter(([path]) => !placed.has(path))));
    if (!first) return;
    setFlash(true);
    first.focus({ preventScroll: true });
    // the field with its label, scrolled once the flash is on screen (next effect)
    setScrollTarget({ el: first.closest<HTMLElement>('.cfg-field, .cfg-pp, .cfg-check') ?? first });
  }, [scrollRequest]);

  // the first error goes 90 px from the top, or lower when the flash (wrapped on a narrow screen) reaches further
  useEffect(() => {
    if (!scrollTarget) return;
    const flashBottom = document.querySelector('.cfg-flash')?.getBoundingClientRect().bottom ?? 0;
    const offset = Math.max(SCROLL_OFFSET_PX, flashBottom + FLASH_GAP_PX);
    window.scrollTo({ top: scrollTarget.el.getBoundingClientRect().top + window.scrollY - offset, behavior: 'smooth' });
  }, [scrollTarget]);

  return {
    errors,
    flash,
    dismissFlash: useCallback(() => setFlash(false), []),
    unplaced,
    formRef,
    touch: useCallback((path: string) => setTouched((old) => (old.has(path) ? old : new Set(old).add(path))), []),
    changed: useCallback(
      (path: string) =>
        setServer((old) => {
          if (!(path in old)) return old;
          const { [path]: _dropped, ...rest } = old;
          return rest;
        }),
      [],
    ),
    fail: useCallback((serverErrors: FieldErrors = {}) => {
      setSubmitted(true);
      setServer(serverErrors);
      setScrollRequest((n) => n + 1);
    }, []),
  };
}

/**
 * The invalid-form flash (10 s, with a close button) and errors that have no field on this page.
 * The flash sits at the top of the screen; the page scrolls the first error (with its label)
 * to just below it, so it covers no field in error; it goes as soon as no error is left.
 */
export function FormMessages({ form }: { form: StepForm }) {
  const t = useT();
  const errorText = useErrorText();
  const unplaced = Object.entries(form.unplaced);
  return (
    <>
      {form.flash && Object.keys(form.errors).length > 0 && (
        <div className="cfg-flash" role="alert" data-testid="invalid-form-flash">
          {t('configurator.invalidForm')}
          <button type="button" className="cfg-flash-close" aria-label={t('modal.close')} data-testid="invalid-form-flash-close" onClick={form.dismissFlash}>
            ×
          </button>
        </div>
      )}
      {unplaced.length > 0 && (
        <div className="cfg-alert" role="alert" data-testid="server-errors">
          <p>{t('configurator.serverErrors')}</p>
          <ul>
            {unplaced.map(([path, message]) => (
              <li key={path}>
                {path}: {errorText(message)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

type FieldProps = {
  form: StepForm;
  path: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** renders the control with the accessibility attributes it must carry */
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; onBlur: () => void; 'data-field': string }) => ReactNode;
};

/** Label, control, hint and the field's error in the user's language. */
export function Field({ form, path, label, hint, className, children }: FieldProps) {
  const errorText = useErrorText();
  const error = form.errors[path];
  const id = fieldId(path);
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [error ? errorId(path) : null, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`cfg-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, onBlur: () => form.touch(path), 'data-field': path })}
      {hint && (
        <p className="cfg-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId(path)}>
          {errorText(error)}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = {
  form: StepForm;
  path: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  className?: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
};

export function TextField({ form, path, value, onChange, type = 'text', inputMode, autoComplete, maxLength, placeholder, required, ...field }: TextFieldProps) {
  return (
    <Field form={form} path={path} {...field}>
      {(control) => (
        <input
          {...control}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-required={required || undefined}
          value={value}
          onChange={(e) => {
            form.changed(path);
            onChange(e.target.value);
          }}
        />
      )}
    </Field>
  );
}

/** 'Label *' for required fields. */
export const requiredLabel = (label: string, required: boolean) => (required ? `${label} *` : label);
