'use client';
import { useState } from 'react';
import { useRouter } from 'waku';
import { useT } from '../../i18n/client';
import { errorText } from './api';

/** a call that changes the list, then the page again (the server's list); its failure in words */
export function useReloadAction() {
  const t = useT();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      await router.reload();
    } catch (e) {
      setError(errorText(e, t, 'business.error.generic'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
