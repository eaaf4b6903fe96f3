import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'waku';
import { TRACKING_NUMBER_LENGTH, trackingNumberError } from '../../lib/tracking-number';
import { href, type PageLocale } from '../../routes';

/** spec §9: a complete number is looked up 100 ms after it is typed */
export const AUTO_SUBMIT_MS = 100;

/**
 * A tracking-number input (the navbar dropdown, the tracking page): the §5 rules as message
 * ids, and the result page once the number is right, on submit or 100 ms after a complete one.
 */
export function useTrackingNumber(locale: PageLocale, initial = '', initialError: string | null = null) {
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(initialError);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (raw: string) => {
    const code = trackingNumberError(raw);
    setError(code && `tracking.${code}`);
    if (!code) void router.push(href('tracking-result', locale, { id: raw.trim().toUpperCase() }));
  };
  const change = (next: string) => {
    setValue(next);
    setError(null);
    clearTimeout(timer.current);
    if (next.trim().length === TRACKING_NUMBER_LENGTH) timer.current = setTimeout(() => submit(next), AUTO_SUBMIT_MS);
  };
  return { value, error, change, submit: () => submit(value) };
}
