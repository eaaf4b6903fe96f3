'use client';
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/client';
import './toast.css';

/** spec §9: an error toast stays 7 s */
export const ERROR_TOAST_MS = 7000;

/** The error toast of spec §8: the message, an optional action (a retry), a close button; it goes by itself after 7 s. */
export function ErrorToast({ children, onClose, action, testId = 'error-toast' }: { children: ReactNode; onClose: () => void; action?: { label: string; run: () => void }; testId?: string }) {
  const t = useT();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const timer = setTimeout(() => close.current(), ERROR_TOAST_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="toast toast-error" role="alert" data-testid={testId}>
      <p className="toast-text">{children}</p>
      {action && (
        <button type="button" className="button" onClick={action.run} data-testid={`${testId}-action`}>
          {action.label}
        </button>
      )}
      <button type="button" className="toast-close" aria-label={t('modal.close')} onClick={onClose} data-testid={`${testId}-close`}>
        ×
      </button>
    </div>
  );
}
