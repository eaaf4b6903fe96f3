'use client';
import { useEffect, useState, type ReactNode } from 'react';
import { useRouter } from 'waku';
import { useT } from '../i18n/client';

/** Hamburger for small screens; opening or closing it resets the open submenu, navigating closes it. */
export function MobileMenu({ children }: { children: ReactNode }) {
  const t = useT();
  const { path } = useRouter();
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  useEffect(() => setOpen(false), [path]);
  return (
    <div className="mobile-menu">
      <button
        type="button"
        className="mobile-menu-toggle"
        aria-expanded={open}
        aria-controls="mobile-menu-panel"
        onClick={() => {
          setOpen((o) => !o);
          setGeneration((g) => g + 1);
        }}
      >
        {open ? t('nav.closeMenu') : t('nav.menu')}
      </button>
      {open && (
        <div id="mobile-menu-panel" className="mobile-menu-panel" key={generation}>
          {children}
        </div>
      )}
    </div>
  );
}
