'use client';
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/client';

/** a modal with a form in it (spec §9 popup width 760 px); closes on Escape, the backdrop or its close button */
export function FormDialog({ open, title, onClose, children, testId, className }: { open: boolean; title: string; onClose: () => void; children: ReactNode; testId: string; className: string }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={dialog} className={`modal ${className}`} aria-labelledby={`${testId}-title`} data-testid={testId} onClose={() => open && onClose()} onClick={(e) => e.target === dialog.current && onClose()}>
      <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={onClose}>
        ×
      </button>
      <h2 id={`${testId}-title`}>{title}</h2>
      {open && children}
    </dialog>
  );
}
