'use client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'waku';
import { useT } from '../i18n/client';

/**
 * The menu of small screens (spec §2.9): a disclosure with a drawn menu icon. A <details>, so
 * it opens without JavaScript too; with it, navigating, Escape and a click outside close it
 * (Escape returns the focus to the toggle), and every opening starts with closed submenus.
 */
export function MobileMenu({ children }: { children: ReactNode }) {
  const t = useT();
  const { path } = useRouter();
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => setOpen(false), [path]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      ref.current?.querySelector('summary')?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <details
      ref={ref}
      className="mobile-menu"
      open={open}
      data-testid="mobile-menu"
      onToggle={(e) => {
        const now = e.currentTarget.open;
        if (now === open) return;
        setOpen(now);
        setGeneration((g) => g + 1);
      }}
    >
      <summary className="mobile-menu-toggle" data-testid="mobile-menu-toggle">
        <span className={`menu-icon${open ? ' is-open' : ''}`} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="mobile-menu-label">{t('nav.menu')}</span>
      </summary>
      <div className="mobile-menu-panel" key={generation}>
        {children}
      </div>
    </details>
  );
}
