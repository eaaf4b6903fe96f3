'use client';

import { atom } from 'jotai';

/** The application loader of spec §3: a full-screen overlay with a message. */
export type LoaderType = 'primary' | 'secondary';
export type Loader = { show: boolean; transparent: boolean; text: string; type: LoaderType };

const hidden: Loader = { show: false, transparent: false, text: '', type: 'primary' };

const loaderBaseAtom = atom<Loader>(hidden);

export const loaderAtom = atom((get) => get(loaderBaseAtom));

/** Shows the overlay; `transparent` keeps the page visible under it. */
export const showLoaderAtom = atom(null, (_get, set, options: Partial<Omit<Loader, 'show'>> = {}) => {
  set(loaderBaseAtom, { ...hidden, ...options, show: true });
});

export const hideLoaderAtom = atom(null, (_get, set) => {
  set(loaderBaseAtom, hidden);
});
