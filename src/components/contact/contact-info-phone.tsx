'use client';
import { useLineOpen } from './line-status';

/**
 * A contact phone shown only while the line is open (spec §6: weekdays 08:00–17:00 Prague
 * time); outside those hours the closed note (if any) stands in its place. The server renders its
 * answer, the browser re-checks on mount and every minute (the page may come from the
 * edge's ten-minute cache, or stay open past five).
 */
export function PhoneWhenOpen({ open: rendered, phone, label, closed }: { open: boolean; phone: string; label: string; closed?: string }) {
  const open = useLineOpen(rendered);
  if (!open && !closed) return null;
  return open ? (
    <span className="contact-info-phone" data-testid="contact-phone" data-open="true">
      {label}: <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
    </span>
  ) : (
    <span className="contact-info-phone muted" data-testid="contact-phone" data-open="false">
      {closed}
    </span>
  );
}
