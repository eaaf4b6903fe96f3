import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { hideLoaderAtom, loaderAtom, showLoaderAtom } from '../../src/state/loader';

describe('application loader', () => {
  it('starts hidden, of the primary type', () => {
    expect(createStore().get(loaderAtom)).toEqual({ show: false, transparent: false, text: '', type: 'primary' });
  });

  it('shows with a message and hides back to the defaults', () => {
    const store = createStore();
    store.set(showLoaderAtom, { text: 'Checking', transparent: true });
    expect(store.get(loaderAtom)).toEqual({ show: true, transparent: true, text: 'Checking', type: 'primary' });
    store.set(showLoaderAtom, { type: 'secondary' });
    expect(store.get(loaderAtom)).toEqual({ show: true, transparent: false, text: '', type: 'secondary' });
    store.set(hideLoaderAtom);
    expect(store.get(loaderAtom).show).toBe(false);
  });
});
