'use client';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { LogoutButton as Button } from '../account/logout';

/**
 * The logout button of the user menus, for signed-in users only: its code (the confirmation,
 * the unsaved-work check) loads with their pages and stays out of the layout's chunk, which
 * every visitor loads. The server renders the button into the HTML as it is; the browser keeps
 * that HTML until the code is there and then hydrates it.
 */
const LogoutButton = lazy(() => import('../account/logout').then((m) => ({ default: m.LogoutButton })));

export function LazyLogoutButton(props: ComponentProps<typeof Button>) {
  return (
    <Suspense fallback={null}>
      <LogoutButton {...props} />
    </Suspense>
  );
}
