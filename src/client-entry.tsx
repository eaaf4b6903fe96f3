import { createElement, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'waku/router/client';

/**
 * Waku's own client entry (waku/dist/lib/utils/managed.js) with one change: the page hydrates
 * inside a transition. Hydration at React's default priority is one synchronous render of the
 * whole document (long tasks of 100–300 ms on a 4× slowed phone, Lighthouse's total blocking
 * time); in a transition React renders it in slices and yields to the browser every few ms.
 * (Waku's StrictMode wrapper is left out: in a production build it does nothing.)
 */
const root = createElement(Router);
if ((globalThis as { __WAKU_HYDRATE__?: boolean }).__WAKU_HYDRATE__) startTransition(() => void hydrateRoot(document, root));
else createRoot(document).render(root);
