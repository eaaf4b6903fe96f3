'use client';
import { useEffect, useState } from 'react';

/**
 * False on the server and in the first client render, true from the next one. Persisted
 * atoms read localStorage when first mounted, so state read after this flips is the stored
 * one, and the server HTML (rendered from defaults) still hydrates without a mismatch.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
