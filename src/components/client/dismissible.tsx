'use client';
import { useState, type ReactNode } from 'react';
import { pushAnalytics, type AnalyticsEvent } from '../../state/analytics';

/**
 * A notice the user can close for good (spec §4: alerts can persist their dismissal): the
 * dismissal is a year-long cookie the server reads, so a closed notice is not even rendered
 * on the next page, on any tab.
 */
export function Dismissible({ cookie, closeLabel, event, className, testId, children }: { cookie: string; closeLabel: string; event?: AnalyticsEvent; className: string; testId: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const close = () => {
    document.cookie = `${cookie}=1; path=/; max-age=${365 * 24 * 3600}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
    if (event) pushAnalytics(event);
    setOpen(false);
  };
  return (
    <div className={`dismissible ${className}`} role="status" data-testid={testId}>
      <div className="dismissible-body">{children}</div>
      <button type="button" className="dismissible-close" onClick={close} aria-label={closeLabel} title={closeLabel}>
        ×
      </button>
    </div>
  );
}
