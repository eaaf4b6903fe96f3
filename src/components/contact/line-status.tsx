'use client';
import { useEffect, useState } from 'react';
import { isWithinWorkingHours } from '../../lib/working-hours';
import { useT } from '../i18n/client';

/**
 * Whether the customer-care line is open now (Mon–Fri 08:00–17:00 Prague time). The server
 * renders its answer; the browser checks again on mount and every minute, so a page kept
 * open (or served from a cache) does not keep saying "open" after five.
 */
export function LineStatus({ open: rendered }: { open: boolean }) {
  const t = useT();
  const open = useLineOpen(rendered);
  return (
    <span className={`contact-line ${open ? 'is-open' : 'is-closed'}`} data-testid="line-status" data-open={open}>
      {t(open ? 'contact.lineOpen' : 'contact.lineClosed')}
    </span>
  );
}

/** the server's answer first, then the browser's own check on mount and every minute */
export function useLineOpen(rendered: boolean): boolean {
  const [open, setOpen] = useState(rendered);
  useEffect(() => {
    const check = () => setOpen(isWithinWorkingHours(new Date()));
    check();
    const timer = setInterval(check, 60_000);
    return () => clearInterval(timer);
  }, []);
  return open;
}
