'use client';
import { useEffect } from 'react';

/** marks <html data-hydrated="true"> once client components answer events (tests wait for it) */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
