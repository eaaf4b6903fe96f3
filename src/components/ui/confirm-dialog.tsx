'use client';
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/client';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
};

/** A confirmation (spec §4 modals, §9 500 px): closes on Escape, a click on the backdrop or the close button. */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, onConfirm, onCancel, testId }: Props) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal confirm-dialog"
      aria-labelledby={testId ? `${testId}-title` : undefined}
      data-testid={testId}
      onClose={() => open && onCancel()}
      onClick={(e) => e.target === dialog.current && onCancel()}
    >
      <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={onCancel}>
        ×
      </button>
      <h2 id={testId ? `${testId}-title` : undefined}>{title}</h2>
      <div className="modal-body">{children}</div>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onCancel} data-testid={testId && `${testId}-cancel`}>
          {cancelLabel}
        </button>
        <button type="button" className="button primary" onClick={onConfirm} data-testid={testId && `${testId}-confirm`}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
