'use client';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/client';

export type HeaderBarData = {
  id: number | string;
  message: string;
  popup_content: string;
  button_text: string;
  instant: boolean;
  postpone_days: number;
};

const postponeCookie = (id: HeaderBarData['id']) => `popup_${id}_postpone`;
const isPostponed = (id: HeaderBarData['id']) => document.cookie.split('; ').some((c) => c.startsWith(`${postponeCookie(id)}=`));

/** The header-bar message; a click opens the 760 px popup. An instant popup shows once at start until postponed. */
export function HeaderBarMessage({ bar }: { bar: HeaderBarData }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (bar.instant && !isPostponed(bar.id)) setOpen(true);
  }, [bar.id, bar.instant]);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const postpone = () => {
    const days = bar.postpone_days > 0 ? bar.postpone_days : 3;
    document.cookie = `${postponeCookie(bar.id)}=1; path=/; max-age=${days * 86400}; SameSite=Lax`;
    setOpen(false);
  };

  return (
    <>
      <button type="button" className="header-bar-message" onClick={() => setOpen(true)} data-testid="header-bar-message">
        {bar.message}
      </button>
      <dialog
        ref={dialog}
        className="modal"
        style={{ width: 760 }}
        data-testid="header-bar-popup"
        onClose={() => setOpen(false)}
        onClick={(e) => e.target === dialog.current && setOpen(false)}
      >
        <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={() => setOpen(false)}>
          ×
        </button>
        {/* sanitized on the server (lib/safe-html) */}
        <div className="modal-body" dangerouslySetInnerHTML={{ __html: bar.popup_content }} />
        <button type="button" className="button primary" onClick={postpone} data-testid="header-bar-postpone">
          {bar.button_text}
        </button>
      </dialog>
    </>
  );
}
