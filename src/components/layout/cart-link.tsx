'use client';
import { useEffect, useState } from 'react';
import { Link, useRouter } from 'waku';
import { readCartCount } from '../../state/cart-count';
import { STATE_WRITTEN_EVENT, STORAGE_KEY } from '../../state/storage-key';
import { useT } from '../i18n/client';

/**
 * Cart link with the item count in brackets (personal navigation only); the count is stored state, so it shows after hydration.
 * `to` is the cart's address from the route table on the server (the table stays out of every page's JavaScript).
 */
export function CartLink({ to }: { to: string }) {
  const t = useT();
  const { path } = useRouter();
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    const update = () => setCount(readCartCount());
    const onStorage = (e: StorageEvent) => e.key === STORAGE_KEY && update();
    update();
    window.addEventListener(STATE_WRITTEN_EVENT, update);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(STATE_WRITTEN_EVENT, update);
      window.removeEventListener('storage', onStorage);
    };
  }, [path]);

  return (
    <Link to={to as Parameters<typeof Link>[0]['to']} className="cart-link" data-testid="cart-link" data-count={count ?? undefined}>
      {count ? t('nav.cartCount', { count }) : t('nav.cart')}
    </Link>
  );
}
