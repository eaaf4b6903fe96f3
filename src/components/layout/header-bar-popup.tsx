'use client';
import { useEffect, useRef } from 'react';
import { postponeCookie } from '../../lib/header-bar-popup';

export type HeaderBarData = {
  id: number | string;
  message: string;
  popup_content: string;
  button_text: string;
  instant: boolean;
  postpone_days: number;
};

/**
 * The popup's postpone button, the one part of the header bar that needs JavaScript (the
 * message opens the dialog and × closes it by HTML invoker commands, see header-bar.tsx): it
 * keeps the popup away for the bar's days. An instant popup opens until then, as the page is
 * parsed (openPopupScript in src/lib/header-bar-popup.ts: with the first paint, not in a task of
 * its own after it, where showModal's restyle and layout of the whole page was a long task).
 */
export function HeaderBarPostpone({ id, days, label }: { id: HeaderBarData['id']; days: number; label: string }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = button.current?.closest('dialog');
    if (!dialog || 'command' in HTMLButtonElement.prototype) return;
    // a browser without invoker commands (Safari before 26.2): the dialog's two buttons by script
    const onClick = (e: MouseEvent) => {
      const invoker = e.target instanceof Element ? e.target.closest(`button[commandfor="${dialog.id}"]`) : null;
      if (invoker) (invoker.getAttribute('command') === 'close' ? dialog.close() : dialog.showModal());
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  const postpone = () => {
    document.cookie = `${postponeCookie(id)}=1; path=/; max-age=${(days > 0 ? days : 3) * 86400}; SameSite=Lax`;
    button.current?.closest('dialog')?.close();
  };
  return (
    <button ref={button} type="button" className="button primary" onClick={postpone} data-testid="header-bar-postpone">
      {label}
    </button>
  );
}
